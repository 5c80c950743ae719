import { Select, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { useForm } from '../../../ui/forms/use-form';
import { roleLabel } from '../../../ui/RoleBadge';
import type { Member, MemberRole } from '../people-types';
import { FormActions } from '../../../ui/forms/FormActions';
import { ROLE_OPTIONS } from './InviteMemberModal';
import { useSetMemberRole } from './members-api';

export function ChangeRoleForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const setRole = useSetMemberRole();
  const form = useForm({ role: member.role });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const role = form.values.role as MemberRole;
    setRole.mutate(
      { id: member.id, role },
      {
        onSuccess: () => {
          notifySuccess(`${member.name} is now ${roleLabel(role).toLowerCase()}`);
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
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={form.values.role}
          onChange={(value) => value && form.setValue('role', value)}
          error={form.fieldErrors.role}
          allowDeselect={false}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions
          submitLabel="Change role"
          pending={setRole.isPending}
          onCancel={onDone}
          disabled={form.values.role === member.role}
        />
      </Stack>
    </form>
  );
}
