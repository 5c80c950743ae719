import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled panel of a settings or billing page, with an optional action at its top right. */
export function SettingsSection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <div>
      <Title order={2} size="h4">
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mt={2}>
          {description}
        </Text>
      )}
    </div>
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        {action ? (
          <Group justify="space-between" align="flex-start" gap="sm">
            {heading}
            {action}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
