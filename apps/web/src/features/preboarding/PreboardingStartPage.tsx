import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingFactory2, IconCircleCheck, IconUsersPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { organisationPath } from '../../app/paths';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { notifyFailure } from '../../ui/feedback/notify';
import { preboardingPath, questionnairePath } from './preboarding-paths';
import { useBypassPreboarding, useSaveCheckpoint } from './preboarding-api';
import { PreboardingFrame } from './PreboardingFrame';
import { preboardingOf } from './preboarding-state';

/** /organisation-setup/{slug}/preboarding/start: what setting up involves, and the way in. */
export function PreboardingStartPage() {
  const organisation = useCurrentOrganisation();
  const { checkpoint } = preboardingOf(organisation);
  const navigate = useNavigate();
  const saveCheckpoint = useSaveCheckpoint();
  const bypass = useBypassPreboarding();
  const resuming = checkpoint === 'questionnaire' || checkpoint === 'invite';

  function start() {
    if (checkpoint === 'invite') {
      void navigate(preboardingPath(organisation.slug, 'invite'));
      return;
    }
    saveCheckpoint.mutate('questionnaire', {
      onSuccess: () => void navigate(questionnairePath(organisation.slug)),
      onError: (error) => notifyFailure('Could not start the setup', error),
    });
  }

  function skip() {
    bypass.mutate(undefined, {
      onSuccess: () => void navigate(organisationPath(organisation.slug), { replace: true }),
      onError: (error) => notifyFailure('Could not skip the setup', error),
    });
  }

  return (
    <PreboardingFrame
      step="Welcome"
      title={`Let's set up ${organisation.name}`}
      description="A few questions and an invitation or two, and your team is ready to work. It takes about two minutes."
    >
      <List
        spacing="md"
        center
        icon={
          <ThemeIcon radius="xl" size={28} variant="light">
            <IconCircleCheck size={16} />
          </ThemeIcon>
        }
      >
        <List.Item
          icon={
            <ThemeIcon radius="xl" size={28} variant="light">
              <IconBuildingFactory2 size={16} />
            </ThemeIcon>
          }
        >
          <Text fw={500}>Tell us about your business</Text>
          <Text size="sm" c="dimmed">
            Your team's size, trades, services and accreditations.
          </Text>
        </List.Item>
        <List.Item
          icon={
            <ThemeIcon radius="xl" size={28} variant="light">
              <IconUsersPlus size={16} />
            </ThemeIcon>
          }
        >
          <Text fw={500}>Invite your team</Text>
          <Text size="sm" c="dimmed">
            Colleagues get an e-mail to join {organisation.name}.
          </Text>
        </List.Item>
        <List.Item>
          <Text fw={500}>Start working</Text>
          <Text size="sm" c="dimmed">
            Create clients and projects, and send jobs to the field.
          </Text>
        </List.Item>
      </List>
      <Stack gap="xs">
        <Group gap="sm">
          <Button size="md" onClick={start} loading={saveCheckpoint.isPending}>
            {resuming ? 'Continue setup' : 'Get started'}
          </Button>
          <Button variant="subtle" color="gray" onClick={skip} loading={bypass.isPending}>
            Skip setup
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Skipping takes you straight to your projects; you can invite people from Settings later.
        </Text>
      </Stack>
    </PreboardingFrame>
  );
}
