import type { AuditEntryRecord } from '@fieldwork/contract';
import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { modals } from '../../ui/feedback/modals';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { formatDateTime } from '../../ui/format-time';
import { useUndoEntry } from './audit-api';
import { actionWords, changeLines, performerWords, recordWords } from './describe-entry';

export interface AuditEntryItemProps {
  entry: AuditEntryRecord;
  /** Name the record in the title (the organisation's log), or not (a record's own history). */
  withRecord?: boolean;
  /** Whether the caller may undo changes at all (managers and admins). */
  canUndo: boolean;
}

/** One change: what was done, the fields changed, when and by whom, and Undo where it is safe. */
export function AuditEntryItem({ entry, withRecord = false, canUndo }: AuditEntryItemProps) {
  const undo = useUndoEntry();
  const lines = changeLines(entry.changes);
  const title = withRecord
    ? `${recordWords(entry)}: ${actionWords(entry.action).toLowerCase()}`
    : actionWords(entry.action);

  const confirmUndo = () =>
    modals.openConfirmModal({
      title: 'Undo this change?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {recordWords(entry)} goes back to how it was before this change (
            {actionWords(entry.action).toLowerCase()} by {performerWords(entry)}).
          </Text>
          {lines.length > 0 && (
            <List size="sm">
              {lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ),
      labels: { confirm: 'Undo change', cancel: 'Cancel' },
      onConfirm: () =>
        undo.mutate(entry.id, {
          onSuccess: () => notifySuccess('Change undone'),
          onError: (error) => notifyFailure('Could not undo the change', error),
        }),
    });

  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {entry.undone_at ? (
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            Undone
          </Badge>
        ) : (
          canUndo &&
          entry.undo.possible && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={confirmUndo}
              loading={undo.isPending}
              aria-label={`Undo: ${title}`}
              style={{ flexShrink: 0 }}
            >
              Undo
            </Button>
          )
        )}
      </Group>
      {lines.length > 0 && (
        <List size="xs" c="dimmed" spacing={0}>
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed">
        {formatDateTime(entry.performed_at)} · {performerWords(entry)}
        {entry.undone_at &&
          ` · undone ${formatDateTime(entry.undone_at)}${
            entry.undone_by_user_name ? ` by ${entry.undone_by_user_name}` : ''
          }`}
      </Text>
    </Stack>
  );
}
