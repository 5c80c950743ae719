import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import type { UnknownOrganisationState } from '../../app/organisation-choice';
import { organisationToAutoload } from '../../app/organisation-choice';
import { organisationRootPath } from '../../app/paths';
import { SignedInUserMenu } from '../../app/SignedInUserMenu';
import { useSession } from '../../session/use-session';
import { SimpleLayout } from '../../ui/app-shell/SimpleLayout';
import { CreateOrganisationForm } from './CreateOrganisationForm';
import { OrganisationList } from './OrganisationList';

/** /organisations: the user's organisations and a form to create one; ?autoload=true picks one. */
export function OrganisationsPage() {
  const { organisations, memberships } = useSession();
  const [searchParams] = useSearchParams();
  const unknownSlug = (useLocation().state as Partial<UnknownOrganisationState> | null)
    ?.unknownOrganisationSlug;
  const autoloaded =
    searchParams.get('autoload') === 'true' ? organisationToAutoload(organisations) : undefined;

  if (autoloaded) return <Navigate to={organisationRootPath(autoloaded.slug)} replace />;

  return (
    <SimpleLayout headerRight={<SignedInUserMenu />}>
      <Stack gap="xl">
        {unknownSlug !== undefined && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="Organisation not found">
            {unknownSlug
              ? `“${unknownSlug}” is not one of your organisations: it may have been renamed, or you are no longer a member.`
              : 'That link names no organisation.'}{' '}
            Choose one below.
          </Alert>
        )}
        <Stack gap={4}>
          <Title order={1}>Your organisations</Title>
          <Text c="dimmed">
            {organisations.length > 0
              ? 'Choose the organisation you want to work in.'
              : 'You are not a member of any organisation yet. Create one to get started.'}
          </Text>
        </Stack>
        {organisations.length > 0 && (
          <OrganisationList organisations={organisations} memberships={memberships} />
        )}
        <Paper withBorder radius="md" p="lg">
          <Title order={3} size="h4" mb="sm">
            Create organisation
          </Title>
          <CreateOrganisationForm />
        </Paper>
      </Stack>
    </SimpleLayout>
  );
}
