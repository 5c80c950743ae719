import type { Project } from '@fieldwork/contract';
import { Paper, SimpleGrid, Text } from '@mantine/core';

const METRICS: { key: keyof Project['metrics']; label: string }[] = [
  { key: 'member_count', label: 'Members' },
  { key: 'guest_count', label: 'Guests' },
  { key: 'block_count', label: 'Blocks' },
];

/** The project's counts (field-work §3 metrics), one tile each. */
export function ProjectMetrics({ metrics }: { metrics: Project['metrics'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {METRICS.map(({ key, label }) => (
        <Paper key={key} withBorder radius="md" px="md" py="sm">
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} fz={24} fw={700} lh={1.3}>
            {metrics[key].toLocaleString()}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
