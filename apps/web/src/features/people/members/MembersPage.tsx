import { Badge, Button, Stack, Tabs } from '@mantine/core';
import { IconMailPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useUrlState } from '../../../ui/data-table/use-url-state';
import { LocalListView } from '../../../ui/data-table/LocalListView';
import { useLocalList } from '../../../ui/data-table/use-local-list';
import { QueryErrorState } from '../../../ui/feedback/ErrorState';
import { PageHeader } from '../../../ui/PageHeader';
import { RoleBadge } from '../../../ui/RoleBadge';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { currentMembership } from '../../../session/session-helpers';
import { useSession } from '../../../session/use-session';
import { InviteList } from '../InviteList';
import type { Member, MemberInvite } from '../../../ui/people-types';
import { InviteMemberModal } from './InviteMemberModal';
import { MemberDialog } from './MemberDialog';
import type { MemberDialogTarget } from './MemberDialog';
import { MembersTable } from './MembersTable';
import type { MemberSortColumn } from './MembersTable';
import { useCancelMemberInvite, useMembers, useResendMemberInvite } from './members-api';

type MembersTab = 'active' | 'inactive' | 'invited';

const ROLE_ORDER = { ADMIN: 0, MANAGER: 1, OPERATIVE: 2, GUEST: 3 };
/** The member verbs a row's menu offers (each member's `permissions` say which apply). */
const MEMBER_ACTIONS = [
  'update_role',
  'update_employment_info',
  'add_to_teams',
  'activate',
  'deactivate',
  'change_to_guest',
  'delete',
];

const memberSearchText = (member: Member) => `${member.name} ${member.email}`;
const memberSortValue = (member: Member, column: MemberSortColumn) =>
  column === 'role'
    ? ROLE_ORDER[member.role]
    : column === 'name'
      ? member.name
      : member.member_since;

/** /settings/members: the organisation's members (active, inactive) and open invitations. */
export function MembersPage() {
  const organisation = useCurrentOrganisation();
  const userId = currentMembership(useSession()).user_id;
  const members = useMembers();
  // The tab lives in the address (?tab=invited) with the list's search, sort and page.
  // Another tab starts its list afresh (its own search, sort and page).
  const [url, update] = useUrlState({ tab: 'active', search: '', sort: '', page: '' });
  const tab =
    (['active', 'inactive', 'invited'] as const).find((name) => name === url.tab) ?? 'active';
  const setTab = (next: MembersTab) => update({ tab: next, search: '', sort: '', page: '' });
  const [inviting, setInviting] = useState(false);
  const [dialog, setDialog] = useState<MemberDialogTarget>(null);
  const data = members.data;
  // What the caller may do, as the server answers it (the list's and each member's permissions).
  const can = data?.meta?.permissions ?? {};
  const canInvite = can.invite === true;
  const hasActions = MEMBER_ACTIONS.some((action) => can[action]);

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
          canInvite && (
            <Button leftSection={<IconMailPlus size={16} />} onClick={() => setInviting(true)}>
              Invite member
            </Button>
          )
        }
      />
      {members.isError && !data ? (
        <QueryErrorState title="Could not load members" query={members} />
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
              hasActions={hasActions}
              currentUserId={userId}
              organisationName={organisation.name}
              onInvite={canInvite ? () => setInviting(true) : undefined}
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
              hasActions={hasActions}
              currentUserId={userId}
              organisationName={organisation.name}
              onOpen={(kind, member) => setDialog({ kind, member })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="invited">
            <MemberInviteList
              invites={data?.invited}
              canManage={canInvite}
              onInvite={canInvite ? () => setInviting(true) : undefined}
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
  hasActions,
  currentUserId,
  organisationName,
  onInvite,
  onOpen,
}: {
  members: Member[] | undefined;
  empty: { title: string; description: string };
  hasActions: boolean;
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
  return (
    <LocalListView
      items={members}
      list={list}
      searchLabel="Search members"
      what="members"
      empty={{
        ...empty,
        icon: <IconUsers size={32} />,
        action: onInvite && <Button onClick={onInvite}>Invite member</Button>,
      }}
    >
      <MembersTable
        members={list.rows}
        sort={list.sort}
        onSort={list.sortBy}
        currentUserId={currentUserId}
        organisationName={organisationName}
        hasActions={hasActions}
        onOpen={onOpen}
      />
    </LocalListView>
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
  return (
    <InviteList
      invites={invites}
      detail={{ label: 'Role', render: (invite) => <RoleBadge role={invite.role} /> }}
      canManage={canManage}
      resend={resend}
      cancel={cancel}
      emptyDescription="Invitations waiting to be accepted are listed here."
      inviteButton={onInvite && <Button onClick={onInvite}>Invite member</Button>}
    />
  );
}
