import { memberRoleBodySchema } from '@fieldwork/contract';
import { MutationForm } from '../../../ui/forms/MutationForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { roleLabel } from '../../../ui/RoleBadge';
import type { Member } from '../../../ui/people-types';
import { useSetMemberRole } from './members-api';
import { RoleSelect } from './RoleSelect';

export function ChangeRoleForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const setRole = useSetMemberRole();
  const form = useZodForm(memberRoleBodySchema, { role: member.role });

  return (
    <MutationForm
      form={form}
      mutation={setRole}
      variables={({ role }) => ({ id: member.id, role })}
      notice={(_, { role }) => `${member.name} is now ${roleLabel(role).toLowerCase()}`}
      onDone={onDone}
      submitLabel="Change role"
      disabled={form.values.role === member.role}
    >
      <RoleSelect autoFocus {...form.bind('role')} />
    </MutationForm>
  );
}
