import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';

/** A mutation over one invitation's id (resend, cancel). */
export interface InviteMutation {
  mutate(id: string, options: { onSuccess: () => void; onError: (error: Error) => void }): void;
}

interface OpenInvite {
  id: string;
  email: string;
}

/** Resend and cancel (after confirming) an open invitation, member or guest, with their notices. */
export function inviteActions(resend: InviteMutation, cancel: InviteMutation) {
  return {
    onResend: (invite: OpenInvite) =>
      resend.mutate(invite.id, {
        onSuccess: () => notifySuccess(`Invitation sent again to ${invite.email}`),
        onError: (error) => notifyFailure('Could not resend the invitation', error),
      }),
    onCancel: (invite: OpenInvite) =>
      confirmDestructive({
        title: 'Cancel invitation',
        message: `Cancel the invitation of ${invite.email}? The link in their e-mail stops working.`,
        confirmLabel: 'Cancel invitation',
        onConfirm: () =>
          cancel.mutate(invite.id, {
            onSuccess: () => notifySuccess(`Invitation of ${invite.email} cancelled`),
            onError: (error) => notifyFailure('Could not cancel the invitation', error),
          }),
      }),
  };
}
