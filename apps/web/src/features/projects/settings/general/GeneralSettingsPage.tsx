import { Paper, Skeleton, Stack } from '@mantine/core';
import { ErrorState } from '../../../../ui/feedback/ErrorState';
import type { SettingsOwner } from '../owner';
import { useOwnerRecord } from '../owner-record';
import { GeneralSettingsForm } from './GeneralSettingsForm';

/** Settings › General: the flags of a project or template and its default rate sets. */
export function GeneralSettingsPage({ owner }: { owner: SettingsOwner }) {
  const record = useOwnerRecord(owner);
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
    return (
      <ErrorState
        title="The settings could not be loaded"
        error={record.error}
        onRetry={() => void record.refetch()}
      />
    );
  }
  // A fresh form for each saved version, so a save elsewhere is not overwritten by stale values.
  return <GeneralSettingsForm key={record.data.updated_at} owner={owner} record={record.data} />;
}
