import { Badge, Button, Group, Stack, Tabs } from '@mantine/core';
import { IconMail, IconMailPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { SearchInput } from '../../../ui/data-table/SearchInput';
import { TablePager } from '../../../ui/data-table/TablePager';
import { useLocalList } from '../../../ui/data-table/use-local-list';
import { ErrorState } from '../../../ui/feedback/ErrorState';
import { ListEmptyState, NoMatchesState } from '../../../ui/feedback/ListEmptyState';
import { confirmDestructive } from '../../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { RoleBadge } from '../../../ui/RoleBadge';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { InvitesTable } from '../InvitesTable';
import type { Member, MemberInvite } from '../people-types';
import { useSettingsPermissions } from '../permissions';
import { InviteMemberModal } from './InviteMemberModal';
import { MemberDialog } from './MemberDialog';
import type { MemberDialogTarget } from './MemberDialog';
import { MembersTable } from './MembersTable';
import type { MemberSortColumn } from './MembersTable';
import { useCancelMemberInvite, useMembers, useResendMemberInvite } from './members-api';

type MembersTab = 'active' | 'inactive' | 'invited';

const ROLE_ORDER = { ADMIN: 0, MANAGER: 1, OPERATIVE: 2, GUEST: 3 };

const memberSearchText = (member: Member) => `${member.name} ${member.email}`;
const memberSortValue = (member: Member, column: MemberSortColumn) =>
  column === 'role'
    ? ROLE_ORDER[member.role]
    : column === 'name'
      ? member.name
      : member.member_since;
const inviteSearchText = (invite: MemberInvite) => invite.email;
const inviteSortValue = (invite: MemberInvite) => invite.invited_at;

/** /settings/members: the organisation's members (active, inactive) and open invitations. */
export function MembersPage() {
  const organisation = useCurrentOrganisation();
  const can = useSettingsPermissions();
  const members = useMembers();
  const [tab, setTab] = useState<MembersTab>('active');
  const [inviting, setInviting] = useState(false);
  const [dialog, setDialog] = useState<MemberDialogTarget>(null);
  const data = members.data;

  const count = (items: unknown[] | undefined) =>
    items !== undefined && (
      <Badge size="sm" variant="light" color="gray" circle={items.length < 10}>
        {items.length}
      </Badge>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Members"
        description={`The people of ${organisation.name}, their roles and teams.`}
        actions={
          can.manageMembers && (
            <Button leftSection={<IconMailPlus size={16} />} onClick={() => setInviting(true)}>
              Invite member
            </Button>
          )
        }
      />
      {members.isError && !data ? (
        <ErrorState
          title="Could not load members"
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => value && setTab(value as MembersTab)}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab
              value="active"

              rightSection={count(data?.active)}
            >
              Active
            </Tabs.Tab>
            <Tabs.Tab
              value="inactive"

              rightSection={count(data?.inactive)}
            >
              Inactive
            </Tabs.Tab>
            <Tabs.Tab
              value="invited"

              rightSection={count(data?.invited)}
            >
              Invited
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="active">
            <MemberList
              members={data?.active}
              empty={{
                title: 'No active members',
                description: 'Invite people to work in this organisation.',
              }}
              canManage={can.manageMembers || can.addMembersToTeams}
              isAdmin={can.manageMembers}
              currentUserId={can.userId}
              organisationName={organisation.name}
              onInvite={can.manageMembers ? () => setInviting(true) : undefined}
              onOpen={(kind, member) => setDialog({ kind, member })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="inactive">
            <MemberList
              members={data?.inactive}
              empty={{
                title: 'No inactive members',
                description: 'Members you deactivate are listed here and can be reactivated.',
              }}
              canManage={can.manageMembers}
              isAdmin={can.manageMembers}
              currentUserId={can.userId}
              organisationName={organisation.name}
              onOpen={(kind, member) => setDialog({ kind, member })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="invited">
            <MemberInviteList
              invites={data?.invited}
              canManage={can.manageMembers}
              onInvite={can.manageMembers ? () => setInviting(true) : undefined}
            />
          </Tabs.Panel>
        </Tabs>
      )}
      <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} />
      <MemberDialog target={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}

function MemberList({
  members,
  empty,
  canManage,
  isAdmin,
  currentUserId,
  organisationName,
  onInvite,
  onOpen,
}: {
  members: Member[] | undefined;
  empty: { title: string; description: string };
  canManage: boolean;
  isAdmin: boolean;
  currentUserId: string;
  organisationName: string;
  onInvite?: () => void;
  onOpen: Parameters<typeof MembersTable>[0]['onOpen'];
}) {
  const list = useLocalList<Member, MemberSortColumn>(members, {
    searchText: memberSearchText,
    sortValue: memberSortValue,
    initialSort: { column: 'name', direction: 'asc' },
  });
  if (members?.length === 0) {
    return (
      <ListEmptyState
        icon={<IconUsers size={32} />}
        title={empty.title}
        description={empty.description}
        action={onInvite && <Button onClick={onInvite}>Invite member</Button>}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Group>
        <SearchInput label="Search members" value={list.search} onChange={list.setSearch} />
      </Group>
      {list.meta?.total === 0 ? (
        <NoMatchesState what="members" onClearFilters={list.clearFilters} />
      ) : (
        <>
          <MembersTable
            members={list.rows}
            sort={list.sort}
            onSort={list.sortBy}
            currentUserId={currentUserId}
            organisationName={organisationName}
            canManage={canManage}
            isAdmin={isAdmin}
            onOpen={onOpen}
          />
          {list.meta && <TablePager meta={list.meta} onPage={list.setPage} />}
        </>
      )}
    </Stack>
  );
}

function MemberInviteList({
  invites,
  canManage,
  onInvite,
}: {
  invites: MemberInvite[] | undefined;
  canManage: boolean;
  onInvite?: () => void;
}) {
  const resend = useResendMemberInvite();
  const cancel = useCancelMemberInvite();
  const list = useLocalList(invites, {
    searchText: inviteSearchText,
    sortValue: inviteSortValue,
    initialSort: { column: 'invited_at', direction: 'desc' },
  });

  if (invites?.length === 0) {
    return (
      <ListEmptyState
        icon={<IconMail size={32} />}
        title="No open invitations"
        description="Invitations waiting to be accepted are listed here."
        action={onInvite && <Button onClick={onInvite}>Invite member</Button>}
      />
    );
  }
  const onResend = (invite: MemberInvite) =>
    resend.mutate(invite.id, {
      onSuccess: () => notifySuccess(`Invitation sent again to ${invite.email}`),
      onError: (error) => notifyFailure(`Could not resend the invitation`, error),
    });
  const onCancel = (invite: MemberInvite) =>
    confirmDestructive({
      title: 'Cancel invitation',
      message: `Cancel the invitation of ${invite.email}? The link in their e-mail stops working.`,
      confirmLabel: 'Cancel invitation',
      onConfirm: () =>
        cancel.mutate(invite.id, {
          onSuccess: () => notifySuccess(`Invitation of ${invite.email} cancelled`),
          onError: (error) => notifyFailure('Could not cancel the invitation', error),
        }),
    });

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
            detail={{ label: 'Role', render: (invite) => <RoleBadge role={invite.role} /> }}
            canManage={canManage}
            onResend={onResend}
            onCancel={onCancel}
          />
          {list.meta && <TablePager meta={list.meta} onPage={list.setPage} />}
        </>
      )}
    </Stack>
  );
}
