import { Button } from '@mantine/core';
import { InviteList } from '../InviteList';
import type { GuestInvite } from '../../../ui/people-types';
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
  return (
    <InviteList
      invites={invites}
      detail={{
        label: 'Projects',
        render: (invite) => <ProjectNames projects={invite.projects} />,
      }}
      canManage={canManage}
      resend={resend}
      cancel={cancel}
      emptyDescription="Guest invitations waiting to be accepted are listed here."
      inviteButton={canManage && <Button onClick={onInvite}>Invite guest</Button>}
    />
  );
}
