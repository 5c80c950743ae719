import { Button, Table } from '@mantine/core';
import { IconFolderPlus, IconUserShare, IconUserUp } from '@tabler/icons-react';
import { LocalListView } from '../../../ui/data-table/LocalListView';
import { ActionsTh } from '../../../ui/data-table/ActionsTh';
import { RowActionsMenu } from '../../../ui/data-table/RowActionsMenu';
import { SkeletonRows } from '../../../ui/data-table/SkeletonRows';
import { SortableTh } from '../../../ui/data-table/SortableTh';
import { useLocalList } from '../../../ui/data-table/use-local-list';
import { formatDate } from '../../../ui/format';
import type { Guest } from '../../../ui/people-types';
import { PersonCell } from '../../../ui/PersonCell';
import { ProjectNames } from './ProjectNames';

type GuestSortColumn = 'name' | 'guest_since';

const guestSearchText = (guest: Guest) =>
  `${guest.name} ${guest.email} ${guest.projects.map((project) => project.project_name).join(' ')}`;
const guestSortValue = (guest: Guest, column: GuestSortColumn) =>
  column === 'name' ? guest.name || guest.email : guest.guest_since;

/** Active guests: search, sort, pages, and the actions each guest's permissions allow. */
export function GuestList({
  guests,
  canInvite,
  hasActions,
  onInvite,
  onOpen,
}: {
  guests: Guest[] | undefined;
  canInvite: boolean;
  /** Whether the caller may act on some guest (the list's permissions); each row says which. */
  hasActions: boolean;
  onInvite: () => void;
  onOpen: (kind: 'projects' | 'member', guest: Guest) => void;
}) {
  const list = useLocalList<Guest, GuestSortColumn>(guests, {
    searchText: guestSearchText,
    sortValue: guestSortValue,
    initialSort: { column: 'name', direction: 'asc' },
  });
  return (
    <LocalListView
      items={guests}
      list={list}
      searchLabel="Search guests"
      what="guests"
      empty={{
        icon: <IconUserShare size={32} />,
        title: 'No guests yet',
        description: 'Invite clients or subcontractors to see the projects they work on.',
        action: canInvite && <Button onClick={onInvite}>Invite guest</Button>,
      }}
    >
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
              {hasActions && <ActionsTh />}
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
                      <RowActionsMenu
                        name={guest.name || guest.email}
                        actions={[
                          {
                            label: 'Add to projects',
                            icon: <IconFolderPlus size={16} />,
                            onClick: () => onOpen('projects', guest),
                            hidden: !guest.permissions?.add_to_projects,
                          },
                          {
                            label: 'Change to member',
                            icon: <IconUserUp size={16} />,
                            onClick: () => onOpen('member', guest),
                            hidden: !guest.permissions?.change_to_member,
                          },
                        ]}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </LocalListView>
  );
}
