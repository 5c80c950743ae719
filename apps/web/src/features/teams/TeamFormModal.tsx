import { teamCreateSchema } from '@fieldwork/contract';
import { Grid, MultiSelect, Select, TextInput } from '@mantine/core';
import { RecordForm } from '../../ui/forms/RecordForm';
import { recordFormModal, type RecordFormProps } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useMemberOptions } from '../people';
import type { Team } from '../../ui/people-types';
import { useSaveTeam } from './teams-api';
import { NameInput } from '../../ui/forms/NameInput';

function TeamForm({ record: team, onDone }: RecordFormProps<Team>) {
  const save = useSaveTeam();
  const members = useMemberOptions();
  const form = useZodForm(
    teamCreateSchema,
    {
      name: team?.name ?? '',
      shortname: team?.shortname ?? '',
      team_lead_id: team?.team_lead_id ?? null,
      user_ids: [] as string[],
    },
    ({ user_ids, ...values }) => ({
      ...values,
      ...(!team && user_ids.length > 0 && { user_ids }),
    }),
  );

  return (
    <RecordForm form={form} record={team} save={save} createLabel="Create team" onDone={onDone}>
      <Grid>
        <Grid.Col span={{ base: 12, xs: 8 }}>
          <NameInput placeholder="e.g. North crew" {...form.bind('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <TextInput label="Short name" placeholder="e.g. NTH" {...form.bind('shortname')} />
        </Grid.Col>
      </Grid>
      <Select
        label="Team lead"
        placeholder={members.isPending ? 'Loading members…' : 'No team lead'}
        data={members.options}
        searchable
        clearable
        nothingFoundMessage="No member matches"
        comboboxProps={{ withinPortal: true }}
        {...form.bind('team_lead_id')}
      />
      {!team && (
        <MultiSelect
          label="Members"
          placeholder="Add members now or later"
          data={members.options}
          searchable
          nothingFoundMessage="No member matches"
          comboboxProps={{ withinPortal: true }}
          {...form.bind('user_ids')}
        />
      )}
    </RecordForm>
  );
}

export const TeamFormModal = recordFormModal('team', TeamForm);
