import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/**
 * A settings page the member's role does not open (the server would refuse it as well). Its
 * title is the page's h1: nothing else on the page names it.
 */
export function NoAccessState({ title, description }: { title: string; description: string }) {
  return (
    <Paper withBorder radius="md" py={40} px="md">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={32} />
        </ThemeIcon>
        <Title order={1} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed" maw={420}>
          {description}
        </Text>
      </Stack>
    </Paper>
  );
}
