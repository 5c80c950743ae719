import { projectMemberAddSchema } from '@fieldwork/contract';
import { Checkbox, Group, MultiSelect } from '@mantine/core';
import { FormDialog } from '../../../ui/forms/FormDialog';
import { MutationForm } from '../../../ui/forms/MutationForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { useMemberOptions } from '../../people';
import { useAddProjectMembers } from '../project-members-api';

/** The contract's body, with the picker's own message when nobody is picked. */
const addMembersSchema = projectMemberAddSchema.extend({
  user_ids: projectMemberAddSchema.shape.user_ids.min(1, 'Pick at least one member'),
});

/** Adds active members of the organisation (not yet on the project) with their permissions. */
export function AddProjectMembersModal({
  opened,
  projectId,
  present,
  onClose,
}: {
  opened: boolean;
  projectId: string;
  /** User ids already on the project: not offered again. */
  present: string[];
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Add members">
      <AddMembersForm projectId={projectId} present={present} onDone={onClose} />
    </FormDialog>
  );
}

function AddMembersForm({
  projectId,
  present,
  onDone,
}: {
  projectId: string;
  present: string[];
  onDone: () => void;
}) {
  const members = useMemberOptions();
  const add = useAddProjectMembers(projectId);
  const form = useZodForm(addMembersSchema, {
    user_ids: [] as string[],
    can_start_jobs: true,
    can_edit: false,
  });
  const options = members.options.filter((option) => !present.includes(option.value));

  return (
    <MutationForm
      form={form}
      mutation={add}
      variables={({ user_ids, ...permissions }) => ({ userIds: user_ids, permissions })}
      notice={(_, { user_ids }) =>
        `${user_ids.length === 1 ? '1 member' : `${user_ids.length} members`} added`
      }
      onDone={onDone}
      submitLabel="Add"
      disabled={form.values.user_ids.length === 0}
    >
      <MultiSelect
        label="Members"
        placeholder={members.isPending ? 'Loading members…' : 'Pick one or more'}
        data={options}
        value={form.values.user_ids}
        onChange={(ids) => form.setValue('user_ids', ids)}
        error={form.errorOf('user_ids') ?? (members.error ? 'Could not load members' : null)}
        searchable
        nothingFoundMessage={
          members.options.length > 0 && options.length === 0
            ? 'Every member is on this project'
            : 'No member matches'
        }
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap="lg">
        <Checkbox label="Can start jobs" {...form.bind('can_start_jobs', { type: 'checkbox' })} />
        <Checkbox label="Can edit" {...form.bind('can_edit', { type: 'checkbox' })} />
      </Group>
    </MutationForm>
  );
}
