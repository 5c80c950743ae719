import { Grid, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { FormActions } from '../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { RecordFormModal, notifySaved } from '../../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../../ui/forms/RecordFormModal';
import { useForm } from '../../../ui/forms/use-form';
import { useMemberOptions } from '../members/member-options';
import type { Team } from '../people-types';
import { useSaveTeam } from './teams-api';
import type { TeamInput } from './teams-api';

export function TeamFormModal({
  target,
  onClose,
}: {
  target: EditTarget<Team>;
  onClose: () => void;
}) {
  return (
    <RecordFormModal target={target} onClose={onClose} noun="team">
      {(team) => <TeamForm team={team} onDone={onClose} />}
    </RecordFormModal>
  );
}

function TeamForm({ team, onDone }: { team: Team | undefined; onDone: () => void }) {
  const saveTeam = useSaveTeam();
  const members = useMemberOptions();
  const form = useForm({
    name: team?.name ?? '',
    shortname: team?.shortname ?? '',
    team_lead_id: team?.team_lead_id ?? '',
    user_ids: '',
  });
  const [userIds, setUserIds] = useState<string[]>([]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const input: TeamInput = {
      name: form.values.name.trim(),
      shortname: form.values.shortname.trim() || null,
      team_lead_id: form.values.team_lead_id || null,
      ...(!team && userIds.length > 0 && { user_ids: userIds }),
    };
    saveTeam.mutate(
      { id: team?.id, input },
      { onSuccess: notifySaved(!team, onDone), onError: form.capture },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <Grid>
          <Grid.Col span={{ base: 12, xs: 8 }}>
            <TextInput
              label="Name"
              placeholder="e.g. North crew"
              required
              data-autofocus
              {...form.bind('name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4 }}>
            <TextInput label="Short name" placeholder="e.g. NTH" {...form.bind('shortname')} />
          </Grid.Col>
        </Grid>
        <Select
          label="Team lead"
          placeholder={members.isPending ? 'Loading members…' : 'No team lead'}
          data={members.options}
          value={form.values.team_lead_id || null}
          onChange={(value) => form.setValue('team_lead_id', value ?? '')}
          error={form.fieldErrors.team_lead_id}
          searchable
          clearable
          nothingFoundMessage="No member matches"
          comboboxProps={{ withinPortal: true }}
        />
        {!team && (
          <MultiSelect
            label="Members"
            placeholder="Add members now or later"
            data={members.options}
            value={userIds}
            onChange={(ids) => {
              setUserIds(ids);
              form.setValue('user_ids', '');
            }}
            error={form.fieldErrors.user_ids}
            searchable
            nothingFoundMessage="No member matches"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <FormActions
          submitLabel={team ? 'Save' : 'Create team'}
          pending={saveTeam.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
