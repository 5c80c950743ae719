import { Checkbox, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormActions } from '../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { serverErrorsFor } from '../../../ui/forms/server-errors';
import { useMemberOptions } from '../../settings/members/member-options';
import { useAddProjectMembers } from '../project-members-api';

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
    <Modal opened={opened} onClose={onClose} title="Add members">
      {opened && <AddMembersForm projectId={projectId} present={present} onDone={onClose} />}
    </Modal>
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
  const [userIds, setUserIds] = useState<string[]>([]);
  const [canStartJobs, setCanStartJobs] = useState(true);
  const [canEdit, setCanEdit] = useState(false);
  const errors = add.isError ? serverErrorsFor(add.error, ['user_ids'] as const) : null;
  const options = members.options.filter((option) => !present.includes(option.value));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate(
      { userIds, permissions: { can_start_jobs: canStartJobs, can_edit: canEdit } },
      {
        onSuccess: () => {
          notifySuccess(`${userIds.length === 1 ? '1 member' : `${userIds.length} members`} added`);
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={errors?.formError ?? null} />
        <MultiSelect
          label="Members"
          placeholder={members.isPending ? 'Loading members…' : 'Pick one or more'}
          data={options}
          value={userIds}
          onChange={setUserIds}
          error={errors?.fieldErrors.user_ids ?? (members.error ? 'Could not load members' : null)}
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
          <Checkbox
            label="Can start jobs"
            checked={canStartJobs}
            onChange={(event) => setCanStartJobs(event.currentTarget.checked)}
          />
          <Checkbox
            label="Can edit"
            checked={canEdit}
            onChange={(event) => setCanEdit(event.currentTarget.checked)}
          />
        </Group>
        <FormActions
          submitLabel="Add"
          pending={add.isPending}
          onCancel={onDone}
          disabled={userIds.length === 0}
        />
      </Stack>
    </form>
  );
}
