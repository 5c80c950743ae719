import { ActionIcon, Button, Group, Menu, Stack, Table, VisuallyHidden } from '@mantine/core';
import { IconDots, IconFolderPlus, IconUserShare, IconUserUp } from '@tabler/icons-react';
import { SearchInput } from '../../../ui/data-table/SearchInput';
import { SkeletonRows } from '../../../ui/data-table/SkeletonRows';
import { SortableTh } from '../../../ui/data-table/SortableTh';
import { TablePager } from '../../../ui/data-table/TablePager';
import { useLocalList } from '../../../ui/data-table/use-local-list';
import { ListEmptyState, NoMatchesState } from '../../../ui/feedback/ListEmptyState';
import { formatDate } from '../../../ui/format';
import type { Guest } from '../people-types';
import { PersonCell } from '../PersonCell';
import { ProjectNames } from './ProjectNames';

type GuestSortColumn = 'name' | 'guest_since';

const guestSearchText = (guest: Guest) =>
  `${guest.name} ${guest.email} ${guest.projects.map((project) => project.project_name).join(' ')}`;
const guestSortValue = (guest: Guest, column: GuestSortColumn) =>
  column === 'name' ? guest.name || guest.email : guest.guest_since;

/** Active guests: search, sort, pages, and (for managers and admins) their actions. */
export function GuestList({
  guests,
  canManage,
  canMakeMember,
  onInvite,
  onOpen,
}: {
  guests: Guest[] | undefined;
  /** Invite and add to projects (managers). */
  canManage: boolean;
  /** Change to member (admins). */
  canMakeMember: boolean;
  onInvite: () => void;
  onOpen: (kind: 'projects' | 'member', guest: Guest) => void;
}) {
  const hasActions = canManage || canMakeMember;
  const list = useLocalList<Guest, GuestSortColumn>(guests, {
    searchText: guestSearchText,
    sortValue: guestSortValue,
    initialSort: { column: 'name', direction: 'asc' },
  });
  if (guests?.length === 0) {
    return (
      <ListEmptyState
        icon={<IconUserShare size={32} />}
        title="No guests yet"
        description="Invite clients or subcontractors to see the projects they work on."
        action={canManage && <Button onClick={onInvite}>Invite guest</Button>}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Group>
        <SearchInput label="Search guests" value={list.search} onChange={list.setSearch} />
      </Group>
      {list.meta?.total === 0 ? (
        <NoMatchesState what="guests" onClearFilters={list.clearFilters} />
      ) : (
        <>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh column="name" sort={list.sort} onSort={list.sortBy}>
                    Name
                  </SortableTh>
                  <Table.Th visibleFrom="sm">Projects</Table.Th>
                  <SortableTh
                    column="guest_since"
                    sort={list.sort}
                    onSort={list.sortBy}
                    visibleFrom="md"
                  >
                    Guest since
                  </SortableTh>
                  {hasActions && (
                    <Table.Th w={48}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.rows === undefined ? (
                  <SkeletonRows columns={hasActions ? 4 : 3} />
                ) : (
                  list.rows.map((guest) => (
                    <Table.Tr key={guest.id}>
                      <Table.Td>
                        <PersonCell name={guest.name} email={guest.email} />
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <ProjectNames projects={guest.projects} />
                      </Table.Td>
                      <Table.Td visibleFrom="md">
                        {guest.guest_since ? formatDate(guest.guest_since) : '—'}
                      </Table.Td>
                      {hasActions && (
                        <Table.Td>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`Actions for ${guest.name || guest.email}`}
                              >
                                <IconDots size={18} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              {canManage && (
                                <Menu.Item
                                  leftSection={<IconFolderPlus size={16} />}
                                  onClick={() => onOpen('projects', guest)}
                                >
                                  Add to projects
                                </Menu.Item>
                              )}
                              {canMakeMember && (
                                <Menu.Item
                                  leftSection={<IconUserUp size={16} />}
                                  onClick={() => onOpen('member', guest)}
                                >
                                  Change to member
                                </Menu.Item>
                              )}
                            </Menu.Dropdown>
                          </Menu>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.meta && <TablePager meta={list.meta} onPage={list.setPage} />}
        </>
      )}
    </Stack>
  );
}
