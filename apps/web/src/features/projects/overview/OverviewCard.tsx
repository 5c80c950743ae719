import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled panel of the overview, with its actions at the right of the title. */
export function OverviewCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" mih={30}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
