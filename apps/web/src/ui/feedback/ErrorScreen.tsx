import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

export type ErrorScreenVariant = 'new-version' | 'unexpected';

const COPY: Record<ErrorScreenVariant, { heading: string; text: string }> = {
  'new-version': {
    heading: 'New Version Available',
    text: 'A new version of the app has been released. Please clear your browser cache and refresh the page to continue.',
  },
  unexpected: {
    heading: 'Oops! Something went wrong',
    text: 'Please reload the page. If the problem continues, contact us via live chat and we will help you out.',
  },
};

export interface ErrorScreenProps {
  variant: ErrorScreenVariant;
  onReload: () => void;
  onBack: () => void;
  onSpeakWithUs: () => void;
  /** The page's main landmark when it stands alone (not inside the shell's own main). */
  landmark?: boolean;
}

/** The error screen of spec/platform.md §2: a heading, a text and three buttons. */
export function ErrorScreen({
  variant,
  onReload,
  onBack,
  onSpeakWithUs,
  landmark = false,
}: ErrorScreenProps) {
  const { heading, text } = COPY[variant];
  const Icon = variant === 'new-version' ? IconRefresh : IconAlertTriangle;
  return (
    <Center component={landmark ? 'main' : 'div'} mih="70vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={520} w="100%">
        <Stack align="center" ta="center" gap="md" role="alert">
          <ThemeIcon
            size={56}
            radius="xl"
            variant="light"
            color={variant === 'new-version' ? 'blue' : 'red'}
          >
            <Icon size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {heading}
          </Title>
          <Text c="dimmed">{text}</Text>
          <Group justify="center" gap="sm">
            <Button onClick={onReload}>Reload Page</Button>
            <Button variant="default" onClick={onBack}>
              Back to Previous Page
            </Button>
            <Button variant="subtle" onClick={onSpeakWithUs}>
              Speak with us
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
