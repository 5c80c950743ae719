import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { VisuallyHidden } from '@mantine/core';
import {
  IconDots,
  IconFolderPlus,
  IconMail,
  IconMailPlus,
  IconUserShare,
  IconUserUp,
} from '@tabler/icons-react';
import { useState } from 'react';
import { SearchInput } from '../../../ui/data-table/SearchInput';
import { SkeletonRows } from '../../../ui/data-table/SkeletonRows';
import { SortableTh } from '../../../ui/data-table/SortableTh';
import { TablePager } from '../../../ui/data-table/TablePager';
import { useLocalList } from '../../../ui/data-table/use-local-list';
import { confirmDestructive } from '../../../ui/feedback/confirm-deletion';
import { ErrorState } from '../../../ui/feedback/ErrorState';
import { ListEmptyState, NoMatchesState } from '../../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { formatDate } from '../../../ui/format';
import { PageHeader } from '../../../ui/PageHeader';
import { InvitesTable } from '../InvitesTable';
import type { Guest, GuestInvite, MemberProject } from '../people-types';
import { PersonCell } from '../PersonCell';
import { useSettingsPermissions } from '../permissions';
import { AddToProjectsForm, ChangeToMemberForm, InviteGuestForm } from './GuestForms';
import { useCancelGuestInvite, useGuests, useResendGuestInvite } from './guests-api';

type GuestDialog =
  { kind: 'invite' } | { kind: 'projects'; guest: Guest } | { kind: 'member'; guest: Guest } | null;

type GuestSortColumn = 'name' | 'guest_since';

const guestSearchText = (guest: Guest) =>
  `${guest.name} ${guest.email} ${guest.projects.map((project) => project.project_name).join(' ')}`;
const guestSortValue = (guest: Guest, column: GuestSortColumn) =>
  column === 'name' ? guest.name || guest.email : guest.guest_since;

function ProjectNames({ projects }: { projects: MemberProject[] }) {
  if (projects.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No projects
      </Text>
    );
  return (
    <Text size="sm" lineClamp={2}>
      {projects.map((project) => project.project_name).join(', ')}
    </Text>
  );
}

/** /settings/guests: people invited into specific projects only. */
export function GuestsPage() {
  const can = useSettingsPermissions();
  const guests = useGuests();
  const [tab, setTab] = useState<'active' | 'invited'>('active');
  const [dialog, setDialog] = useState<GuestDialog>(null);
  const close = () => setDialog(null);
  const invite = () => setDialog({ kind: 'invite' });
  const data = guests.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Guests"
        description="People outside the organisation, invited into specific projects."
        actions={
          can.manageGuests && (
            <Button leftSection={<IconMailPlus size={16} />} onClick={invite}>
              Invite guest
            </Button>
          )
        }
      />
      {guests.isError && !data ? (
        <ErrorState
          title="Could not load guests"
          error={guests.error}
          onRetry={() => void guests.refetch()}
        />
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => value && setTab(value === 'invited' ? 'invited' : 'active')}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="active" leftSection={<IconUserShare size={16} />}>
              Guests
              {data && (
                <Badge size="xs" variant="light" color="gray" ml={4}>
                  {data.active.length}
                </Badge>
              )}
            </Tabs.Tab>
            <Tabs.Tab value="invited" leftSection={<IconMail size={16} />}>
              Invited
              {data && (
                <Badge size="xs" variant="light" color="gray" ml={4}>
                  {data.invited.length}
                </Badge>
              )}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="active">
            <GuestList
              guests={data?.active}
              canManage={can.manageGuests}
              onInvite={invite}
              onOpen={(kind, guest) => setDialog({ kind, guest })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="invited">
            <GuestInviteList
              invites={data?.invited}
              canManage={can.manageGuests}
              onInvite={invite}
            />
          </Tabs.Panel>
        </Tabs>
      )}
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={
          dialog?.kind === 'invite'
            ? 'Invite a guest'
            : dialog?.kind === 'projects'
              ? `Add ${dialog.guest.name || dialog.guest.email} to projects`
              : dialog
                ? `Change ${dialog.guest.name || dialog.guest.email} to a member`
                : ''
        }
      >
        {dialog?.kind === 'invite' && <InviteGuestForm onDone={close} />}
        {dialog?.kind === 'projects' && <AddToProjectsForm guest={dialog.guest} onDone={close} />}
        {dialog?.kind === 'member' && <ChangeToMemberForm guest={dialog.guest} onDone={close} />}
      </Modal>
    </Stack>
  );
}

function GuestList({
  guests,
  canManage,
  onInvite,
  onOpen,
}: {
  guests: Guest[] | undefined;
  canManage: boolean;
  onInvite: () => void;
  onOpen: (kind: 'projects' | 'member', guest: Guest) => void;
}) {
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
                  {canManage && (
                    <Table.Th w={48}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.rows === undefined ? (
                  <SkeletonRows columns={canManage ? 4 : 3} />
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
                      {canManage && (
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
                              <Menu.Item
                                leftSection={<IconFolderPlus size={16} />}
                                onClick={() => onOpen('projects', guest)}
                              >
                                Add to projects
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconUserUp size={16} />}
                                onClick={() => onOpen('member', guest)}
                              >
                                Change to member
                              </Menu.Item>
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

function GuestInviteList({
  invites,
  canManage,
  onInvite,
}: {
  invites: GuestInvite[] | undefined;
  canManage: boolean;
  onInvite: () => void;
}) {
  const resend = useResendGuestInvite();
  const cancel = useCancelGuestInvite();
  const list = useLocalList(invites, {
    searchText: (invite: GuestInvite) => invite.email,
    sortValue: (invite: GuestInvite) => invite.invited_at,
    initialSort: { column: 'invited_at', direction: 'desc' },
  });
  if (invites?.length === 0) {
    return (
      <ListEmptyState
        icon={<IconMail size={32} />}
        title="No open invitations"
        description="Guest invitations waiting to be accepted are listed here."
        action={canManage && <Button onClick={onInvite}>Invite guest</Button>}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Group>
        <SearchInput label="Search invitations" value={list.search} onChange={list.setSearch} />
      </Group>
      {list.meta?.total === 0 ? (
        <NoMatchesState what="invitations" onClearFilters={list.clearFilters} />
      ) : (
        <>
          <InvitesTable
            invites={list.rows}
            detail={{
              label: 'Projects',
              render: (invite) => <ProjectNames projects={invite.projects} />,
            }}
            canManage={canManage}
            onResend={(invite) =>
              resend.mutate(invite.id, {
                onSuccess: () => notifySuccess(`Invitation sent again to ${invite.email}`),
                onError: (error) => notifyFailure('Could not resend the invitation', error),
              })
            }
            onCancel={(invite) =>
              confirmDestructive({
                title: 'Cancel invitation',
                message: `Cancel the invitation of ${invite.email}? The link in their e-mail stops working.`,
                confirmLabel: 'Cancel invitation',
                onConfirm: () =>
                  cancel.mutate(invite.id, {
                    onSuccess: () => notifySuccess(`Invitation of ${invite.email} cancelled`),
                    onError: (error) => notifyFailure('Could not cancel the invitation', error),
                  }),
              })
            }
          />
          {list.meta && <TablePager meta={list.meta} onPage={list.setPage} />}
        </>
      )}
    </Stack>
  );
}
