import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { noServerErrors, serverErrorsFor } from '../../../ui/forms/server-errors';
import { ProjectPicker } from '../guests/ProjectPicker';
import type { Member } from '../people-types';
import { FormActions } from '../../../ui/forms/FormActions';
import { useChangeMemberToGuest } from './members-api';

export function ChangeToGuestForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const change = useChangeMemberToGuest();
  const [projectIds, setProjectIds] = useState<string[]>(
    member.projects.map((project) => project.project_id),
  );
  const [errors, setErrors] = useState(noServerErrors<'project_ids'>());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate(
      { id: member.id, projectIds },
      {
        onSuccess: () => {
          notifySuccess(`${member.name} is now a guest`);
          onDone();
        },
        onError: (error) => setErrors(serverErrorsFor(error, ['project_ids'])),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={errors.formError} />
        <Text size="sm">
          Guests see only the projects they are added to, and no longer take a seat.
        </Text>
        <ProjectPicker
          label="Projects"
          description="The projects the guest keeps access to."
          value={projectIds}
          onChange={setProjectIds}
          error={errors.fieldErrors.project_ids}
        />
        <FormActions submitLabel="Change to guest" pending={change.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
