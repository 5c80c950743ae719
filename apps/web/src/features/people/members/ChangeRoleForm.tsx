import { memberRoleBodySchema } from '@fieldwork/contract';
import { closeAfter } from '../../../ui/forms/close-after';
import { ModalForm } from '../../../ui/forms/ModalForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { roleLabel } from '../../../ui/RoleBadge';
import type { Member, MemberRole } from '../people-types';
import { useSetMemberRole } from './members-api';
import { RoleSelect } from './RoleSelect';

export function ChangeRoleForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const setRole = useSetMemberRole();
  const form = useZodForm(memberRoleBodySchema, { role: member.role });

  const send = ({ role }: { role: MemberRole }) =>
    setRole.mutate(
      { id: member.id, role },
      closeAfter(`${member.name} is now ${roleLabel(role).toLowerCase()}`, onDone, form),
    );

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Change role"
      pending={setRole.isPending}
      onCancel={onDone}
      disabled={form.values.role === member.role}
    >
      <RoleSelect autoFocus {...form.bind('role')} />
    </ModalForm>
  );
}
