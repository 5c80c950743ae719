import { memberInviteBodySchema } from '@fieldwork/contract';
import { Modal } from '@mantine/core';
import { ModalForm } from '../../../ui/forms/ModalForm';
import { InviteEmailInput, invitationSent } from '../InviteEmailInput';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import type { MemberRole } from '../people-types';
import { useInviteMember } from './members-api';
import { RoleSelect } from './RoleSelect';

export function InviteMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite a member">
      {opened && <InviteMemberForm onDone={onClose} />}
    </Modal>
  );
}

function InviteMemberForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteMember();
  const form = useZodForm(memberInviteBodySchema, { email: '', role: 'OPERATIVE' });

  const send = (input: { email: string; role: MemberRole }) =>
    invite.mutate(input, {
      onSuccess: invitationSent(input.email, onDone),
      onError: form.capture,
    });

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Send invitation"
      pending={invite.isPending}
      onCancel={onDone}
    >
      <InviteEmailInput {...form.bind('email')} />
      <RoleSelect
        description="Admins manage members and API keys; managers run projects, teams and guests."
        {...form.bind('role')}
      />
    </ModalForm>
  );
}
