import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { useForm } from '../../../ui/forms/use-form';
import { roleLabel } from '../../../ui/RoleBadge';
import { MEMBER_ROLES } from '../people-types';
import type { MemberRole } from '../people-types';
import { useInviteMember } from './members-api';

export const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

export function InviteMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite a member">
      {opened && <InviteMemberForm onDone={onClose} />}
    </Modal>
  );
}

function InviteMemberForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteMember();
  const form = useForm({ email: '', role: 'OPERATIVE' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const email = form.values.email.trim();
    invite.mutate(
      { email, role: form.values.role as MemberRole },
      {
        onSuccess: () => {
          notifySuccess(`Invitation sent to ${email}`);
          onDone();
        },
        onError: form.capture,
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <TextInput
          label="Email"
          type="email"
          placeholder="name@example.com"
          required
          data-autofocus
          {...form.bind('email')}
        />
        <Select
          label="Role"
          description="Admins manage members and API keys; managers run projects, teams and guests."
          data={ROLE_OPTIONS}
          value={form.values.role}
          onChange={(value) => value && form.setValue('role', value)}
          error={form.fieldErrors.role}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
