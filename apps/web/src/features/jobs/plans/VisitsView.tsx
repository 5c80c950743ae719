import { Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { IconMapPin, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PlainTable } from '../../../ui/data-table/PlainTable';
import { confirmDestructive } from '../../../ui/feedback/confirm-deletion';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { formatDayShort } from '../calendar-days';
import { jobCount } from '../jobs-api';
import { useVisitChange, useVisitList } from './plans-api';
import type { Visit } from '@fieldwork/contract';

const visitName = (visit: Visit) => visit.reference ?? 'Visit';

/**
 * The jobs page's "Visits" view: the visits jobs belong to, deleted ones on request; managers
 * delete a visit (refused, with the reason, while it has open jobs) and restore deleted ones.
 */
export function VisitsView() {
  const [deleted, setDeleted] = useState(false);
  const visits = useVisitList(deleted);
  // What the caller may do comes with the list (meta.permissions).
  const may = visits.data?.meta.permissions ?? {};
  const canDelete = may.delete === true;
  const canRestore = may.restore === true;
  const manages = canDelete || canRestore;
  const change = useVisitChange();

  const restore = (visit: Visit) =>
    change.mutate(
      { id: visit.id, restore: true },
      {
        onSuccess: () => notifySuccess(`${visitName(visit)} restored`),
        onError: (error) => notifyFailure('The visit was not restored', error),
      },
    );
  const askDelete = (visit: Visit) =>
    confirmDestructive({
      title: `Delete ${visitName(visit)}?`,
      message: 'A deleted visit can be restored from the deleted visits.',
      confirmLabel: 'Delete',
      onConfirm: () =>
        change.mutate(
          { id: visit.id, restore: false },
          {
            onSuccess: () => notifySuccess(`${visitName(visit)} deleted`),
            onError: (error) => notifyFailure('The visit was not deleted', error),
          },
        ),
    });

  const visitActions = (visit: Visit) => (
    <Group justify="flex-end">
      {visit.deleted_at
        ? canRestore && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRestore size={14} />}
              onClick={() => restore(visit)}
            >
              Restore
            </Button>
          )
        : canDelete && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => askDelete(visit)}
            >
              Delete
            </Button>
          )}
    </Group>
  );

  return (
    <Stack gap="md">
      {canRestore && (
        <Switch
          label="Show deleted visits"
          checked={deleted}
          onChange={(event) => setDeleted(event.currentTarget.checked)}
        />
      )}
      {visits.isPending ? (
        <Loader role="status" aria-label="Loading visits" />
      ) : visits.error ? (
        <QueryErrorState title="The visits could not be loaded" query={visits} />
      ) : visits.data.data.length === 0 ? (
        <ListEmptyState
          icon={<IconMapPin size={32} />}
          title={deleted ? 'No deleted visits' : 'No visits yet'}
          description="Visits group the jobs of one trip to a site; a job names its visit."
        />
      ) : (
        <PlainTable
          rows={visits.data.data}
          minWidth={480}
          verticalSpacing="xs"
          columns={[
            {
              header: 'Visit',
              cell: (visit) => (
                <>
                  <Text size="sm" fw={500}>
                    {visitName(visit)}
                  </Text>
                  {visit.notes && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {visit.notes}
                    </Text>
                  )}
                </>
              ),
            },
            { header: 'Date', cell: (visit) => (visit.date ? formatDayShort(visit.date) : '—') },
            { header: 'Jobs', cell: (visit) => jobCount(visit.job_count) },
            ...(manages ? [{ header: 'Actions', hideHeader: true, cell: visitActions }] : []),
          ]}
        />
      )}
    </Stack>
  );
}
