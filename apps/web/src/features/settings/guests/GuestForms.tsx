import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormActions } from '../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { noServerErrors, serverErrorsFor } from '../../../ui/forms/server-errors';
import { useForm } from '../../../ui/forms/use-form';
import { roleLabel } from '../../../ui/RoleBadge';
import { ROLE_OPTIONS } from '../members/InviteMemberModal';
import type { Guest, MemberRole } from '../people-types';
import { useAddGuestToProjects, useChangeGuestToMember, useInviteGuest } from './guests-api';
import { useProjectOptions } from './project-options';
import { ProjectPicker } from './ProjectPicker';

/** Invite a guest by e-mail into chosen projects. */
export function InviteGuestForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteGuest();
  const projectOptions = useProjectOptions();
  const noProjects = projectOptions.data?.available === false;
  // project_ids holds no text: it is there so a 422 on it shows under the project picker.
  const form = useForm({ email: '', project_ids: '' });
  const [projectIds, setProjectIds] = useState<string[]>([]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const email = form.values.email.trim();
    invite.mutate(
      { email, project_ids: projectIds },
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
        <ProjectPicker
          label="Projects"
          description="Guests see only these projects."
          required
          value={projectIds}
          onChange={(ids) => {
            setProjectIds(ids);
            form.setValue('project_ids', '');
          }}
          error={form.fieldErrors.project_ids}
        />
        <FormActions
          submitLabel="Send invitation"
          pending={invite.isPending}
          onCancel={onDone}
          disabled={noProjects}
        />
      </Stack>
    </form>
  );
}

/** Give a guest access to more projects. */
export function AddToProjectsForm({ guest, onDone }: { guest: Guest; onDone: () => void }) {
  const add = useAddGuestToProjects();
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const [errors, setErrors] = useState(noServerErrors<'project_ids'>());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate(
      { id: guest.id, projectIds },
      {
        onSuccess: () => {
          notifySuccess(`${guest.name || guest.email} added to the projects`);
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
        {guest.projects.length > 0 && (
          <Text size="sm" c="dimmed">
            Already in: {guest.projects.map((project) => project.project_name).join(', ')}
          </Text>
        )}
        <ProjectPicker
          label="Projects to add"
          value={projectIds}
          onChange={setProjectIds}
          exclude={guest.projects.map((project) => project.project_id)}
          error={errors.fieldErrors.project_ids}
        />
        <FormActions
          submitLabel="Add to projects"
          pending={add.isPending}
          onCancel={onDone}
          disabled={projectIds.length === 0}
        />
      </Stack>
    </form>
  );
}

/** Make a guest a member of the organisation with a role (takes a seat). */
export function ChangeToMemberForm({ guest, onDone }: { guest: Guest; onDone: () => void }) {
  const change = useChangeGuestToMember();
  const form = useForm({ role: 'OPERATIVE' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const role = form.values.role as MemberRole;
    change.mutate(
      { id: guest.id, role },
      {
        onSuccess: () => {
          notifySuccess(`${guest.name || guest.email} is now ${roleLabel(role).toLowerCase()}`);
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
        <Text size="sm">
          Members see every project they are given and take a seat of the subscription.
        </Text>
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
        <FormActions submitLabel="Change to member" pending={change.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
