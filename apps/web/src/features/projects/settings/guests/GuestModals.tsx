import { guestInviteBodySchema } from '@fieldwork/contract';
import { Anchor, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../../api/errors';
import { useCurrentOrganisation } from '../../../../session/use-current-organisation';
import { notifySuccess } from '../../../../ui/feedback/notify';
import { FormActions } from '../../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { MutationForm } from '../../../../ui/forms/MutationForm';
import { InviteEmailInput, useGuests } from '../../../people';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { settingsPath } from '../../../../app/paths';
import { useAddProjectGuests, useInviteProjectGuest } from './project-guests-api';

/** Adds guests the organisation already has (GET /guests) to the project. */
export function AddGuestsModal({
  projectId,
  opened,
  currentIds,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  /** The project's guests now (not offered again). */
  currentIds: readonly string[];
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add guests">
      {opened && <AddGuestsForm projectId={projectId} currentIds={currentIds} onDone={onClose} />}
    </Modal>
  );
}

function AddGuestsForm({
  projectId,
  currentIds,
  onDone,
}: {
  projectId: string;
  currentIds: readonly string[];
  onDone: () => void;
}) {
  const { slug } = useCurrentOrganisation();
  const guests = useGuests();
  const add = useAddProjectGuests(projectId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const options = (guests.data?.active ?? [])
    .filter((guest) => !currentIds.includes(guest.id))
    .map((guest) => ({
      value: guest.id,
      label:
        guest.name && guest.name !== guest.email ? `${guest.name} (${guest.email})` : guest.email,
    }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(chosen.length ? null : 'Choose at least one guest');
    if (!chosen.length) return;
    add.mutate(chosen, {
      onSuccess: () => {
        notifySuccess(`${chosen.length === 1 ? 'Guest' : `${chosen.length} guests`} added`);
        onDone();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {guests.isError && <FormErrorAlert message={errorMessage(guests.error)} />}
        <MultiSelect
          label="Guests"
          description="People outside the organisation who already have a guest account."
          placeholder={guests.isPending ? 'Loading guests…' : 'Choose guests'}
          data={options}
          value={chosen}
          onChange={(ids) => {
            setChosen(ids);
            setProblem(null);
          }}
          searchable
          nothingFoundMessage={
            guests.isSuccess && options.length === 0 ? 'Every guest is on this project' : 'No match'
          }
          error={problem}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="xs" c="dimmed">
          Someone new? Invite them by e-mail instead. All guests are listed under{' '}
          <Anchor component={Link} to={settingsPath(slug, 'guests')} size="xs">
            Settings › Guests
          </Anchor>
          .
        </Text>
        <FormActions submitLabel="Add guests" pending={add.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Invites someone new by e-mail as a guest of this project (POST /guests/invite). */
export function InviteGuestModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite a guest">
      {opened && <InviteGuestForm projectId={projectId} onDone={onClose} />}
    </Modal>
  );
}

function InviteGuestForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const invite = useInviteProjectGuest(projectId);
  const form = useZodForm(guestInviteBodySchema, { email: '' }, ({ email }) => ({
    email,
    project_ids: [projectId],
  }));

  return (
    <MutationForm
      form={form}
      mutation={invite}
      variables={({ email }) => email}
      notice={(_, { email }) => `Invitation sent to ${email}`}
      onDone={onDone}
      submitLabel="Send invitation"
    >
      <InviteEmailInput
        description="They get an e-mail with a link to join as a guest of this project."
        {...form.bind('email')}
      />
    </MutationForm>
  );
}
