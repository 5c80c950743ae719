import { Anchor, Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconDeviceMobile, IconRocket } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { APP_STORE_PATH, organisationPath } from '../../app/paths';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { FormErrorAlert } from '../../ui/forms/FormErrorAlert';
import { errorMessage } from '../../api/errors';
import { preboardingPath } from './preboarding-paths';
import { useCompletePreboarding } from './preboarding-api';
import { PreboardingFrame } from './PreboardingFrame';

/**
 * /organisation-setup/{slug}/preboarding/complete: what comes next, and the button that ends
 * preboarding (POST /preboarding/complete) and opens the projects page.
 */
export function PreboardingCompletePage() {
  const organisation = useCurrentOrganisation();
  const navigate = useNavigate();
  const complete = useCompletePreboarding();

  function finish() {
    complete.mutate(undefined, {
      onSuccess: () => void navigate(organisationPath(organisation.slug), { replace: true }),
    });
  }

  return (
    <PreboardingFrame
      step="Finish"
      title={`${organisation.name} is ready`}
      description="That's everything. Here is what most teams do first."
    >
      <List spacing="sm" type="ordered">
        <List.Item>Add the clients you work for.</List.Item>
        <List.Item>Create a project for each site and plan its jobs.</List.Item>
        <List.Item>Your people fill in job sheets on site with the mobile app.</List.Item>
      </List>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon variant="light" radius="xl" size={28}>
          <IconDeviceMobile size={16} />
        </ThemeIcon>
        <Text size="sm">
          Get the mobile app:{' '}
          <Anchor component={Link} to={APP_STORE_PATH} target="_blank">
            open the app store link
          </Anchor>{' '}
          on your phone.
        </Text>
      </Group>
      <Stack gap="sm">
        <FormErrorAlert message={complete.isError ? errorMessage(complete.error) : null} />
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => void navigate(preboardingPath(organisation.slug, 'invite'))}
          >
            Back
          </Button>
          <Button
            size="md"
            rightSection={<IconRocket size={18} />}
            onClick={finish}
            loading={complete.isPending}
          >
            Go to projects
          </Button>
        </Group>
      </Stack>
    </PreboardingFrame>
  );
}
