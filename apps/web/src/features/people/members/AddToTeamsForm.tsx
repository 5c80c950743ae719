import { addToTeamsBodySchema } from '@fieldwork/contract';
import { Alert, Anchor, MultiSelect } from '@mantine/core';
import { Link } from 'react-router-dom';
import { MutationForm } from '../../../ui/forms/MutationForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { errorMessage } from '../../../api/errors';
import type { Member } from '../../../ui/people-types';
import { useTeamOptions } from './team-options';
import { useAddMemberToTeams } from './members-api';

export function AddToTeamsForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const teams = useTeamOptions();
  const addToTeams = useAddMemberToTeams();
  const form = useZodForm(addToTeamsBodySchema, { team_ids: [] as string[] });
  const teamIds = form.values.team_ids;
  const choices = (teams.data ?? []).filter((team) => !member.team_ids.includes(team.id));

  const noTeams = teams.data !== undefined && teams.data.length === 0;
  return (
    <MutationForm
      form={form}
      mutation={addToTeams}
      variables={({ team_ids }) => ({ id: member.id, teamIds: team_ids })}
      notice={(_, { team_ids }) =>
        `${member.name} added to ${team_ids.length === 1 ? 'the team' : 'the teams'}`
      }
      onDone={onDone}
      submitLabel="Add to teams"
      disabled={teamIds.length === 0}
    >
      {noTeams ? (
        <Alert variant="light" color="gray">
          There are no teams yet.{' '}
          <Anchor component={Link} to="../teams" relative="path" onClick={onDone}>
            Create one on the Teams page
          </Anchor>
          .
        </Alert>
      ) : (
        <MultiSelect
          label="Teams"
          description={
            member.team_names.length > 0
              ? `Already in: ${member.team_names.join(', ')}`
              : 'Not in any team yet'
          }
          placeholder={teams.isPending ? 'Loading teams…' : 'Choose teams'}
          data={choices.map((team) => ({ value: team.id, label: team.name }))}
          searchable
          data-autofocus
          nothingFoundMessage="No team matches"
          comboboxProps={{ withinPortal: true }}
          {...form.bind('team_ids')}
          error={
            form.errorOf('team_ids') ?? (teams.isError ? errorMessage(teams.error) : undefined)
          }
        />
      )}
    </MutationForm>
  );
}
