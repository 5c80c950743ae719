import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconHelmet } from '@tabler/icons-react';

export function Brand() {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon radius="md" size="md">
        <IconHelmet size={18} />
      </ThemeIcon>
      <Text fw={700} size="lg">
        Fieldwork
      </Text>
    </Group>
  );
}
