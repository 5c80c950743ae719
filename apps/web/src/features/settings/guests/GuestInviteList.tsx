import { Button, Group, Stack } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { SearchInput } from '../../../ui/data-table/SearchInput';
import { TablePager } from '../../../ui/data-table/TablePager';
import { useLocalList } from '../../../ui/data-table/use-local-list';
import { confirmDestructive } from '../../../ui/feedback/confirm-deletion';
import { ListEmptyState, NoMatchesState } from '../../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { InvitesTable } from '../InvitesTable';
import type { GuestInvite } from '../people-types';
import { useCancelGuestInvite, useResendGuestInvite } from './guests-api';
import { ProjectNames } from './ProjectNames';

/** Open guest invitations: resend or cancel (managers and admins). */
export function GuestInviteList({
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
