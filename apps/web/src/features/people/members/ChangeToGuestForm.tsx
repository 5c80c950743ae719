import { changeToGuestBodySchema } from '@fieldwork/contract';
import { Text } from '@mantine/core';
import { MutationForm } from '../../../ui/forms/MutationForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { ProjectPicker } from '../guests/ProjectPicker';
import type { Member } from '../../../ui/people-types';
import { useChangeMemberToGuest } from './members-api';

export function ChangeToGuestForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const change = useChangeMemberToGuest();
  const form = useZodForm(changeToGuestBodySchema, {
    project_ids: member.projects.map((project) => project.project_id),
  });

  return (
    <MutationForm
      form={form}
      mutation={change}
      variables={({ project_ids = [] }) => ({ id: member.id, projectIds: project_ids })}
      notice={`${member.name} is now a guest`}
      onDone={onDone}
      submitLabel="Change to guest"
    >
      <Text size="sm">
        Guests see only the projects they are added to, and no longer take a seat.
      </Text>
      <ProjectPicker
        label="Projects"
        description="The projects the guest keeps access to."
        value={form.values.project_ids}
        onChange={(ids) => form.setValue('project_ids', ids)}
        error={form.errorOf('project_ids')}
      />
    </MutationForm>
  );
}
