import { Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred panel of a subscription page: an icon, a heading, what it means, what to do. */
export function StatusPanel({
  icon,
  color = 'blue',
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  color?: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Center py={{ base: 'md', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 40 }} maw={560} w="100%">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Stack gap="xs" c="dimmed">
            {typeof children === 'string' ? <Text>{children}</Text> : children}
          </Stack>
          {actions && (
            <Group justify="center" gap="sm" mt="xs">
              {actions}
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
