import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconFile, IconTemplate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ProjectStartKind } from './project-create-input';

const STARTS: { value: ProjectStartKind; label: string; hint: string; icon: ReactNode }[] = [
  {
    value: 'blank',
    label: 'Blank',
    hint: 'The standard location statuses, nothing else.',
    icon: <IconFile size={18} />,
  },
  {
    value: 'template',
    label: 'From a template',
    hint: 'Statuses, attributes, forms and folders set up already.',
    icon: <IconTemplate size={18} />,
  },
  {
    value: 'project',
    label: 'From a project',
    hint: 'Copy how another project is set up (not its work).',
    icon: <IconCopy size={18} />,
  },
];

/** Blank, from a template, or from an existing project: three cards of one radio group. */
export function ProjectStartPicker({
  value,
  onChange,
}: {
  value: ProjectStartKind;
  onChange: (start: ProjectStartKind) => void;
}) {
  return (
    <Radio.Group label="Start from" value={value} onChange={(next) => onChange(next)}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt="xs">
        {STARTS.map((start) => (
          <Radio.Card key={start.value} value={start.value} radius="md" p="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Radio.Indicator size="sm" mt={2} />
              <Stack gap={2}>
                <Group gap={6} wrap="nowrap">
                  {start.icon}
                  <Text size="sm" fw={600}>
                    {start.label}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {start.hint}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
