import { IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LocalListView } from '../../ui/data-table/LocalListView';
import { useLocalList } from '../../ui/data-table/use-local-list';
import { inviteActions } from './invite-actions';
import type { InviteMutation } from './invite-actions';
import { InvitesTable } from './InvitesTable';
import type { InviteRow, InvitesTableProps } from './InvitesTable';

const searchText = (invite: InviteRow) => invite.email;
const sortValue = (invite: InviteRow) => invite.invited_at;

/** Open invitations (of members or of guests): search, newest first, resend or cancel. */
export function InviteList<Invite extends InviteRow>({
  invites,
  detail,
  canManage,
  resend,
  cancel,
  emptyDescription,
  inviteButton,
}: {
  invites: Invite[] | undefined;
  detail: InvitesTableProps<Invite>['detail'];
  /** May resend and cancel. */
  canManage: boolean;
  resend: InviteMutation;
  cancel: InviteMutation;
  /** "Invitations waiting to be accepted are listed here." */
  emptyDescription: string;
  /** The "Invite …" button of the empty state, for people who may invite. */
  inviteButton?: ReactNode;
}) {
  const list = useLocalList<Invite, 'invited_at'>(invites, {
    searchText,
    sortValue,
    initialSort: { column: 'invited_at', direction: 'desc' },
  });
  const { onResend, onCancel } = inviteActions(resend, cancel);
  return (
    <LocalListView
      items={invites}
      list={list}
      searchLabel="Search invitations"
      what="invitations"
      empty={{
        icon: <IconMail size={32} />,
        title: 'No open invitations',
        description: emptyDescription,
        action: inviteButton,
      }}
    >
      <InvitesTable
        invites={list.rows}
        detail={detail}
        canManage={canManage}
        onResend={onResend}
        onCancel={onCancel}
      />
    </LocalListView>
  );
}
