import { changeToGuestBodySchema } from '@fieldwork/contract';
import { Text } from '@mantine/core';
import { closeAfter } from '../../../ui/forms/close-after';
import { ModalForm } from '../../../ui/forms/ModalForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { ProjectPicker } from '../guests/ProjectPicker';
import type { Member } from '../people-types';
import { useChangeMemberToGuest } from './members-api';

export function ChangeToGuestForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const change = useChangeMemberToGuest();
  const form = useZodForm(changeToGuestBodySchema, {
    project_ids: member.projects.map((project) => project.project_id),
  });

  const send = ({ project_ids = [] }: { project_ids?: string[] }) =>
    change.mutate(
      { id: member.id, projectIds: project_ids },
      closeAfter(`${member.name} is now a guest`, onDone, form),
    );

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Change to guest"
      pending={change.isPending}
      onCancel={onDone}
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
    </ModalForm>
  );
}
