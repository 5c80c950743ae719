import {
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCopy, IconMail, IconMessageCircle } from '@tabler/icons-react';
import { SUPPORT_EMAIL, openSupportChat } from '../../session/support-chat';
import { isImpersonating } from '../../session/session-helpers';
import { useSession } from '../../session/use-session';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { SettingsSection } from '../../ui/SettingsSection';

/** /organisations/{slug}/account/support: how to reach support, and what helps them help. */
export function AccountSupportPage() {
  const organisation = useCurrentOrganisation();
  const state = useSession();
  const chatReady = state.supportChat !== null && !isImpersonating(state);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm" h="100%">
            <ThemeIcon variant="light" size="lg" radius="md">
              <IconMessageCircle size={20} />
            </ThemeIcon>
            <Title order={2} size="h4">
              Chat with us
            </Title>
            <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
              The quickest way: our team answers in the chat on weekdays, usually within an hour.
              {!chatReady &&
                ' The chat is not available in this browser right now, so this opens an e-mail instead.'}
            </Text>
            <Group>
              <Button leftSection={<IconMessageCircle size={16} />} onClick={openSupportChat}>
                Open the chat
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm" h="100%">
            <ThemeIcon variant="light" size="lg" radius="md">
              <IconMail size={20} />
            </ThemeIcon>
            <Title order={2} size="h4">
              E-mail support
            </Title>
            <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
              For anything longer, with screenshots or files attached. We reply within one working
              day.
            </Text>
            <Group>
              <Button
                variant="default"
                component="a"
                href={`mailto:${SUPPORT_EMAIL}`}
                leftSection={<IconMail size={16} />}
              >
                {SUPPORT_EMAIL}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </SimpleGrid>
      <SettingsSection
        title="When you get in touch"
        description="Tell us which organisation it is about and what you were doing; a screenshot helps."
      >
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            Organisation reference:
          </Text>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {organisation.slug} · {organisation.id}
          </Text>
          <CopyButton value={`${organisation.name} (${organisation.slug}, ${organisation.id})`}>
            {({ copied, copy }) => (
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconCopy size={12} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </SettingsSection>
    </Stack>
  );
}
