import { Alert, Anchor, MultiSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { noServerErrors, serverErrorsFor } from '../../../ui/forms/server-errors';
import { errorMessage } from '../../../api/errors';
import type { Member } from '../people-types';
import { useTeamOptions } from '../teams/teams-api';
import { FormActions } from '../../../ui/forms/FormActions';
import { useAddMemberToTeams } from './members-api';

export function AddToTeamsForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const teams = useTeamOptions();
  const addToTeams = useAddMemberToTeams();
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [errors, setErrors] = useState(noServerErrors<'team_ids'>());
  const choices = (teams.data ?? []).filter((team) => !member.team_ids.includes(team.id));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    addToTeams.mutate(
      { id: member.id, teamIds },
      {
        onSuccess: () => {
          notifySuccess(
            `${member.name} added to ${teamIds.length === 1 ? 'the team' : 'the teams'}`,
          );
          onDone();
        },
        onError: (error) => setErrors(serverErrorsFor(error, ['team_ids'])),
      },
    );
  }

  const noTeams = teams.data !== undefined && teams.data.length === 0;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={errors.formError} />
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
            value={teamIds}
            onChange={setTeamIds}
            searchable
            data-autofocus
            nothingFoundMessage="No team matches"
            error={
              errors.fieldErrors.team_ids ?? (teams.isError ? errorMessage(teams.error) : undefined)
            }
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <FormActions
          submitLabel="Add to teams"
          pending={addToTeams.isPending}
          onCancel={onDone}
          disabled={teamIds.length === 0}
        />
      </Stack>
    </form>
  );
}
