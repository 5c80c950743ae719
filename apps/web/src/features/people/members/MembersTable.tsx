import { Badge, Table, Text } from '@mantine/core';
import { ActionsTh } from '../../../ui/data-table/ActionsTh';
import { SkeletonRows } from '../../../ui/data-table/SkeletonRows';
import { SortableTh } from '../../../ui/data-table/SortableTh';
import type { SortState } from '../../../ui/data-table/sorting';
import { formatDate } from '../../../ui/format';
import { RoleBadge } from '../../../ui/RoleBadge';
import type { Member } from '../../../ui/people-types';
import { PersonCell } from '../../../ui/PersonCell';
import type { MemberDialogKind } from './MemberDialog';
import { MemberRowActions } from './MemberRowActions';

export type MemberSortColumn = 'name' | 'role' | 'member_since';

export interface MembersTableProps {
  members: Member[] | undefined;
  sort: SortState<MemberSortColumn>;
  onSort: (column: MemberSortColumn) => void;
  currentUserId: string;
  organisationName: string;
  /** Whether the caller may act on some member (the list's permissions): the actions column. */
  hasActions: boolean;
  onOpen: (kind: MemberDialogKind, member: Member) => void;
}

export function MembersTable({
  members,
  sort,
  onSort,
  currentUserId,
  organisationName,
  hasActions,
  onOpen,
}: MembersTableProps) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="name" sort={sort} onSort={onSort}>
              Name
            </SortableTh>
            <SortableTh column="role" sort={sort} onSort={onSort}>
              Role
            </SortableTh>
            <Table.Th visibleFrom="md">Teams</Table.Th>
            <SortableTh column="member_since" sort={sort} onSort={onSort} visibleFrom="sm">
              Member since
            </SortableTh>
            {hasActions && <ActionsTh />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members === undefined ? (
            <SkeletonRows columns={hasActions ? 5 : 4} />
          ) : (
            members.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <PersonCell
                    name={member.name}
                    email={member.email}
                    you={member.id === currentUserId}
                    badges={
                      <>
                        {member.owner && (
                          <Badge size="xs" variant="light" color="yellow">
                            Owner
                          </Badge>
                        )}
                        <OutstandingDocumentsBadge member={member} />
                        {member.deactivated_at && (
                          <Badge
                            size="xs"
                            variant="light"
                            color="gray"
                            title={`Deactivated ${formatDate(member.deactivated_at)}`}
                          >
                            Deactivated
                          </Badge>
                        )}
                      </>
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <RoleBadge role={member.role} />
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" c={member.team_names.length ? undefined : 'dimmed'} lineClamp={2}>
                    {member.team_names.length ? member.team_names.join(', ') : '—'}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {member.member_since ? formatDate(member.member_since) : '—'}
                </Table.Td>
                {hasActions && (
                  <Table.Td>
                    <MemberRowActions
                      member={member}
                      organisationName={organisationName}
                      onOpen={(kind) => onOpen(kind, member)}
                    />
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

/** Signed documents the member has still to sign (platform §3 membership metrics). */
function OutstandingDocumentsBadge({ member }: { member: Member }) {
  const outstanding = member.metrics?.signed_documents_outstanding ?? 0;
  if (!outstanding) return null;
  const last = member.metrics?.signed_documents_last_interaction;
  return (
    <Badge
      size="xs"
      variant="light"
      color="orange"
      title={`${member.metrics?.signed_documents ?? outstanding} asked${last ? `; last opened or signed ${formatDate(last)}` : ''}`}
    >
      {outstanding === 1 ? '1 document to sign' : `${outstanding} documents to sign`}
    </Badge>
  );
}
