import { Paper, Skeleton, Stack } from '@mantine/core';
import { QueryErrorState } from '../../../../ui/feedback/ErrorState';
import type { SettingsOwner } from '../owner';
import { useOwnerRecord } from '../owner-record';
import { CoverImageCard } from '../maintenance/CoverImageCard';
import { MaintenanceCard } from '../maintenance/MaintenanceCard';
import { useCanEditSettings } from '../permissions';
import { GeneralSettingsForm } from './GeneralSettingsForm';
import { generalValuesOf } from './general-values';

/**
 * Settings › General: the flags of a project or template and its default rate sets; for a
 * project also its report cover image and maintenance actions.
 */
export function GeneralSettingsPage({ owner }: { owner: SettingsOwner }) {
  const record = useOwnerRecord(owner);
  const canEdit = useCanEditSettings();
  if (record.isPending) {
    return (
      <Paper withBorder radius="md" p="md" role="status" aria-label="Loading">
        <Stack>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={32} />
          ))}
        </Stack>
      </Paper>
    );
  }
  if (record.isError) {
    return <QueryErrorState title="The settings could not be loaded" query={record} />;
  }
  // A fresh form whenever the values it edits change (a save, or an action such as enabling
  // approvals), so stale values are never saved; other changes (a cover image) keep its edits.
  const form = (
    <GeneralSettingsForm
      key={JSON.stringify(generalValuesOf(record.data))}
      owner={owner}
      record={record.data}
    />
  );
  if (owner.kind !== 'project' || !('files' in record.data)) return form;
  return (
    <Stack gap="md">
      {form}
      <CoverImageCard project={record.data} canEdit={canEdit} />
      <MaintenanceCard projectId={owner.id} canEdit={canEdit} />
    </Stack>
  );
}
