import { TextInput } from '@mantine/core';
import { notifySuccess } from '../../ui/feedback/notify';
import type { BoundInput } from '../../ui/forms/use-zod-form';

/** The e-mail an invitation goes to (member, guest, project guest): focused when the form opens. */
export function InviteEmailInput({ description, ...bound }: BoundInput & { description?: string }) {
  return (
    <TextInput
      label="Email"
      type="email"
      placeholder="name@example.com"
      description={description}
      required
      data-autofocus
      {...bound}
    />
  );
}

/** After an invitation is sent: "Invitation sent to {email}", then `onDone`. */
export function invitationSent(email: string, onDone: () => void) {
  return () => {
    notifySuccess(`Invitation sent to ${email}`);
    onDone();
  };
}
