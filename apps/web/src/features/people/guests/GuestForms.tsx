import {
  addToProjectsBodySchema,
  changeToMemberBodySchema,
  guestInviteBodySchema,
} from '@fieldwork/contract';
import { Text } from '@mantine/core';
import { closeAfter } from '../../../ui/forms/close-after';
import { ModalForm } from '../../../ui/forms/ModalForm';
import { InviteEmailInput, invitationSent } from '../InviteEmailInput';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { roleLabel } from '../../../ui/RoleBadge';
import type { Guest, MemberRole } from '../../../ui/people-types';
import { useAddGuestToProjects, useChangeGuestToMember, useInviteGuest } from './guests-api';
import { useProjectOptions } from './project-options';
import { ProjectPicker } from './ProjectPicker';
import { RoleSelect } from '../members/RoleSelect';

/** Invite a guest by e-mail into chosen projects. */
export function InviteGuestForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteGuest();
  const projectOptions = useProjectOptions();
  const noProjects = projectOptions.data?.available === false;
  const form = useZodForm(guestInviteBodySchema, { email: '', project_ids: [] as string[] });

  const send = (input: { email: string; project_ids: string[] }) =>
    invite.mutate(input, {
      onSuccess: invitationSent(input.email, onDone),
      onError: form.capture,
    });

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Send invitation"
      pending={invite.isPending}
      onCancel={onDone}
      disabled={noProjects}
    >
      <InviteEmailInput {...form.bind('email')} />
      <ProjectPicker
        label="Projects"
        description="Guests see only these projects."
        required
        value={form.values.project_ids}
        onChange={(ids) => form.setValue('project_ids', ids)}
        error={form.errorOf('project_ids')}
      />
    </ModalForm>
  );
}

/** Give a guest access to more projects. */
export function AddToProjectsForm({ guest, onDone }: { guest: Guest; onDone: () => void }) {
  const add = useAddGuestToProjects();
  const form = useZodForm(addToProjectsBodySchema, { project_ids: [] as string[] });

  const send = ({ project_ids }: { project_ids: string[] }) =>
    add.mutate(
      { id: guest.id, projectIds: project_ids },
      closeAfter(`${guest.name || guest.email} added to the projects`, onDone, form),
    );

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Add to projects"
      pending={add.isPending}
      onCancel={onDone}
      disabled={form.values.project_ids.length === 0}
    >
      {guest.projects.length > 0 && (
        <Text size="sm" c="dimmed">
          Already in: {guest.projects.map((project) => project.project_name).join(', ')}
        </Text>
      )}
      <ProjectPicker
        label="Projects to add"
        value={form.values.project_ids}
        onChange={(ids) => form.setValue('project_ids', ids)}
        exclude={guest.projects.map((project) => project.project_id)}
        error={form.errorOf('project_ids')}
      />
    </ModalForm>
  );
}

/** Make a guest a member of the organisation with a role (takes a seat). */
export function ChangeToMemberForm({ guest, onDone }: { guest: Guest; onDone: () => void }) {
  const change = useChangeGuestToMember();
  const form = useZodForm(changeToMemberBodySchema, { role: 'OPERATIVE' });

  const send = ({ role }: { role: MemberRole }) =>
    change.mutate(
      { id: guest.id, role },
      closeAfter(
        `${guest.name || guest.email} is now ${roleLabel(role).toLowerCase()}`,
        onDone,
        form,
      ),
    );

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Change to member"
      pending={change.isPending}
      onCancel={onDone}
    >
      <Text size="sm">
        Members see every project they are given and take a seat of the subscription.
      </Text>
      <RoleSelect autoFocus {...form.bind('role')} />
    </ModalForm>
  );
}
