import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { isAdmin } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { useOrganisationDetails } from './account-api';
import { OrganisationDetailsForm } from './OrganisationDetailsForm';
import { ProjectSettingsForm } from './ProjectSettingsForm';
import { ReportImages } from './ReportImages';
import { ReportOptionsForm } from './ReportOptionsForm';

/**
 * /organisations/{slug}/account/organisation: the organisation's details, features, settings and
 * report options. Admins change them (the server allows only them); others read them.
 */
export function AccountOrganisationPage() {
  const details = useOrganisationDetails();
  const canEdit = isAdmin(useSession());
  // Each form starts from the saved values and then keeps what is typed: a fresh answer (new
  // signed image links, another form saved) does not reset the others.
  const organisation = details.data;

  return (
    <Stack gap="lg">
      {details.isError && (
        <QueryErrorState title="Could not refresh the organisation" query={details} />
      )}
      {!canEdit && (
        <Alert icon={<IconLock size={18} />} color="gray" title="Only admins can change these">
          Ask an admin of {organisation.name} if something here needs to change.
        </Alert>
      )}
      <OrganisationDetailsForm organisation={organisation} canEdit={canEdit} />
      <ReportImages organisation={organisation} canEdit={canEdit} />
      <ReportOptionsForm organisation={organisation} canEdit={canEdit} />
      <ProjectSettingsForm organisation={organisation} canEdit={canEdit} />
    </Stack>
  );
}
