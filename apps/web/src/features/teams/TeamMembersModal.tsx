import { ActionIcon, Button, Group, Modal, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { teamMembersBodySchema } from '@fieldwork/contract';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { useMemberOptions } from '../people';
import type { Team } from '../../ui/people-types';
import { PersonCell } from '../../ui/PersonCell';
import { useAddTeamMembers, useRemoveTeamMember } from './teams-api';

/** The members of a team: remove one, or add several at once. */
export function TeamMembersModal({ team, onClose }: { team: Team | null; onClose: () => void }) {
  return (
    <Modal
      opened={team !== null}
      onClose={onClose}
      title={team ? `Members of ${team.name}` : ''}
      size="lg"
    >
      {team && <TeamMembers key={team.id} team={team} />}
    </Modal>
  );
}

function TeamMembers({ team }: { team: Team }) {
  const members = useMemberOptions();
  const addMembers = useAddTeamMembers();
  const removeMember = useRemoveTeamMember();
  // The team as last answered by the API, so the list follows each change at once.
  const [current, setCurrent] = useState(team);
  const form = useZodForm(teamMembersBodySchema, { user_ids: [] as string[] });
  const adding = form.values.user_ids;

  const add = ({ user_ids }: { user_ids: string[] }) =>
    addMembers.mutate(
      { id: team.id, userIds: user_ids },
      {
        onSuccess: (updated) => {
          setCurrent(updated);
          notifySuccess(`${user_ids.length === 1 ? 'Member' : `${user_ids.length} members`} added`);
          form.setValue('user_ids', []);
        },
        onError: form.capture,
      },
    );

  const remove = (userId: string, name: string) =>
    removeMember.mutate(
      { id: team.id, userId },
      {
        onSuccess: (updated) => {
          setCurrent(updated);
          notifySuccess(`${name} removed from ${team.name}`);
        },
        onError: (error) => notifyFailure(`Could not remove ${name}`, error),
      },
    );

  const choices = members.options.filter((option) => !current.user_ids.includes(option.value));
  return (
    <Stack>
      <form onSubmit={form.submit(add)} noValidate>
        <Stack gap="xs">
          <FormErrorAlert message={form.formError} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <MultiSelect
              label="Add members"
              placeholder={members.isPending ? 'Loading members…' : 'Choose members'}
              data={choices}
              searchable
              nothingFoundMessage={choices.length ? 'No member matches' : 'Everyone is in the team'}
              {...form.bind('user_ids')}
              flex="1 1 240px"
              comboboxProps={{ withinPortal: true }}
            />
            <Button type="submit" loading={addMembers.isPending} disabled={adding.length === 0}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
      {current.user_ids.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No one is in this team yet.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          {current.user_ids.map((userId, index) => {
            const member = members.byId.get(userId);
            const name = member?.name ?? 'Former member';
            return (
              <Group
                key={userId}
                justify="space-between"
                wrap="nowrap"
                px="md"
                py="xs"
                style={
                  index > 0
                    ? { borderTop: '1px solid var(--mantine-color-default-border)' }
                    : undefined
                }
              >
                <PersonCell
                  name={name}
                  email={member?.email ?? ''}
                  badges={
                    userId === current.team_lead_id && (
                      <Text span size="xs" c="blue" fw={600}>
                        Team lead
                      </Text>
                    )
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${name} from the team`}
                  loading={removeMember.isPending && removeMember.variables.userId === userId}
                  onClick={() => remove(userId, name)}
                >
                  <IconUserMinus size={18} />
                </ActionIcon>
              </Group>
            );
          })}
        </Paper>
      )}
    </Stack>
  );
}
