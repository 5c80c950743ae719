import { memberInviteBodySchema } from '@fieldwork/contract';
import { FormDialog } from '../../../ui/forms/FormDialog';
import { MutationForm } from '../../../ui/forms/MutationForm';
import { InviteEmailInput } from '../InviteEmailInput';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { useInviteMember } from './members-api';
import { RoleSelect } from './RoleSelect';

export function InviteMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Invite a member">
      <InviteMemberForm onDone={onClose} />
    </FormDialog>
  );
}

function InviteMemberForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteMember();
  const form = useZodForm(memberInviteBodySchema, { email: '', role: 'OPERATIVE' });

  return (
    <MutationForm
      form={form}
      mutation={invite}
      notice={(_, { email }) => `Invitation sent to ${email}`}
      onDone={onDone}
      submitLabel="Send invitation"
    >
      <InviteEmailInput {...form.bind('email')} />
      <RoleSelect
        description="Admins manage members and API keys; managers run projects, teams and guests."
        {...form.bind('role')}
      />
    </MutationForm>
  );
}
