import type { TimeEntry } from '@fieldwork/contract';
import { Badge, Button, Card, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatCalendarDate, formatTime } from '../../ui/format-time';
import { OverrideModal } from './EntryModals';
import { addDays, useDeleteTimeEntry, useRevertTime, useTimeEntries } from './timesheets-api';

/**
 * A member's entries of a week, newest first: when, how long, where, manual or corrected (and
 * why). Managers correct the times, revert a start or an end, or delete; operatives see theirs.
 */
export function EntriesList({
  userId,
  week,
  manages,
}: {
  userId: string;
  week: string;
  manages: boolean;
}) {
  const entries = useTimeEntries({
    filter: { user_id: userId, from: week, to: addDays(week, 6) },
    sort: '-effective_started_at',
    page: { size: 100 },
  });
  const revert = useRevertTime();
  const remove = useDeleteTimeEntry();
  const [editing, setEditing] = useState<TimeEntry | null>(null);

  if (entries.isPending) return <Loader size="sm" aria-label="Loading time entries" />;
  if (entries.error) return <QueryErrorState title="Could not load the entries" query={entries} />;
  const rows = entries.data?.data ?? [];
  if (!rows.length) return <Text c="dimmed">No time entries this week.</Text>;

  const revertOne = (entry: TimeEntry, what: 'start' | 'end') =>
    confirmDestructive({
      title: what === 'start' ? 'Revert the start' : 'Revert the end',
      message:
        what === 'start'
          ? 'The entry is removed as if it was never started.'
          : 'The entry is reopened: the member is on the clock again.',
      confirmLabel: 'Revert',
      onConfirm: () =>
        void revert.mutateAsync({ id: entry.id, revert: what }).then(
          () => notifySuccess(what === 'start' ? 'Start reverted' : 'End reverted'),
          (error: unknown) => notifyFailure('Could not revert', error),
        ),
    });

  return (
    <Stack gap="xs" data-testid="time-entries">
      {rows.map((entry) => (
        <Card key={entry.id} withBorder padding="sm" data-testid="time-entry">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>
                {formatCalendarDate(entry.effective_started_at)} ·{' '}
                {formatTime(entry.effective_started_at)} –{' '}
                {entry.effective_ended_at ? formatTime(entry.effective_ended_at) : 'now'}
              </Text>
              <Group gap={6}>
                <Text data-testid="entry-duration">{entry.duration_formatted}</Text>
                {entry.open && (
                  <Badge color="green" variant="light">
                    Running
                  </Badge>
                )}
                {entry.manual_entry && (
                  <Badge color="gray" variant="light">
                    Manual
                  </Badge>
                )}
                {(entry.started_at_override || entry.ended_at_override) && (
                  <Badge color="orange" variant="light">
                    Corrected
                  </Badge>
                )}
              </Group>
              {[entry.client_name, entry.project_name, entry.site_name].some(Boolean) && (
                <Text size="sm" c="dimmed">
                  {[entry.client_name, entry.project_name, entry.site_name]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              )}
              {entry.override_reason && (
                <Text size="sm" c="dimmed">
                  Corrected by{' '}
                  {entry.started_override_user_name ??
                    entry.ended_override_user_name ??
                    'a manager'}
                  : {entry.override_reason}
                </Text>
              )}
              {entry.notes && <Text size="sm">{entry.notes}</Text>}
            </Stack>
            {manages && (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(entry)}
                >
                  Correct
                </Button>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <Button size="xs" variant="subtle" aria-label="More actions">
                      <IconDots size={16} />
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {entry.open ? (
                      <Menu.Item onClick={() => revertOne(entry, 'start')}>Revert start</Menu.Item>
                    ) : (
                      <Menu.Item onClick={() => revertOne(entry, 'end')}>Revert end</Menu.Item>
                    )}
                    <Menu.Item
                      color="red"
                      onClick={() =>
                        confirmDestructive({
                          title: 'Delete the entry',
                          message: 'The entry is deleted. This cannot be undone.',
                          confirmLabel: 'Delete',
                          onConfirm: () =>
                            void remove.mutateAsync({ id: entry.id }).then(
                              () => notifySuccess('Entry deleted'),
                              (error: unknown) => notifyFailure('Could not delete', error),
                            ),
                        })
                      }
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            )}
          </Group>
        </Card>
      ))}
      {editing && <OverrideModal entry={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
