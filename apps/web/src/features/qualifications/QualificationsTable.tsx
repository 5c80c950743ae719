import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { ActionsTh } from '../../ui/data-table/ActionsTh';
import { RowActionsMenu } from '../../ui/data-table/RowActionsMenu';
import { SkeletonRows } from '../../ui/data-table/SkeletonRows';
import { SortableTh } from '../../ui/data-table/SortableTh';
import type { SortState } from '../../ui/data-table/sorting';
import { formatCalendarDate } from '../../ui/format-time';
import type { Attachment, ExpiryStatus, Qualification } from '../../ui/people-types';
import { ExpiryBadge } from './ExpiryBadge';
import type { QualificationSortColumn } from './use-qualification-list-state';

export interface QualificationsTableProps {
  qualifications: Qualification[] | undefined;
  sort: SortState<QualificationSortColumn>;
  onSort: (column: QualificationSortColumn) => void;
  /** Whether the signed-in member may edit and delete this one (managers: all; others: own). */
  canEdit: (qualification: Qualification) => boolean;
  onEdit: (qualification: Qualification) => void;
  onDelete: (qualification: Qualification) => void;
}

const ROW_TINT: Partial<Record<ExpiryStatus, string>> = {
  EXPIRED: 'var(--mantine-color-red-light)',
  EXPIRING: 'var(--mantine-color-orange-light)',
};

function Attachments({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {attachments.map((attachment) => (
        <Anchor
          key={attachment.id}
          href={attachment.url}
          target="_blank"
          rel="noreferrer"
          size="sm"
          maw={200}
          truncate
        >
          <IconPaperclip size={12} style={{ verticalAlign: 'middle' }} /> {attachment.name}
        </Anchor>
      ))}
    </Stack>
  );
}

export function QualificationsTable({
  qualifications,
  sort,
  onSort,
  canEdit,
  onEdit,
  onDelete,
}: QualificationsTableProps) {
  const anyEditable = qualifications?.some(canEdit) ?? false;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="name" sort={sort} onSort={onSort}>
              Qualification
            </SortableTh>
            <SortableTh column="user_name" sort={sort} onSort={onSort} visibleFrom="sm">
              Member
            </SortableTh>
            <SortableTh column="expiry_date" sort={sort} onSort={onSort}>
              Expiry
            </SortableTh>
            <Table.Th visibleFrom="md">Files</Table.Th>
            {anyEditable && <ActionsTh />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {qualifications === undefined ? (
            <SkeletonRows columns={4} />
          ) : (
            qualifications.map((qualification) => (
              <Table.Tr key={qualification.id} bg={ROW_TINT[qualification.expiry_status]}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {qualification.name}
                  </Text>
                  {qualification.reference && (
                    <Text size="xs" c="dimmed">
                      Ref. {qualification.reference}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {qualification.user_name}
                  </Text>
                  {qualification.attachments.length > 0 && (
                    <Text size="xs" c="dimmed" hiddenFrom="md">
                      <IconPaperclip size={11} style={{ verticalAlign: 'middle' }} />{' '}
                      {qualification.attachments.length} file
                      {qualification.attachments.length === 1 ? '' : 's'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{qualification.user_name ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <ExpiryBadge
                      status={qualification.expiry_status}
                      expiryDate={qualification.expiry_date}
                    />
                    {qualification.expiry_date && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatCalendarDate(qualification.expiry_date)}
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Attachments attachments={qualification.attachments} />
                </Table.Td>
                {anyEditable && (
                  <Table.Td>
                    {canEdit(qualification) && (
                      <RowActionsMenu
                        name={qualification.name}
                        actions={[
                          {
                            label: 'Edit',
                            icon: <IconPencil size={16} />,
                            onClick: () => onEdit(qualification),
                          },
                          {
                            label: 'Delete',
                            icon: <IconTrash size={16} />,
                            color: 'red',
                            onClick: () => onDelete(qualification),
                          },
                        ]}
                      />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
