import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** A person in a table: initials, name and e-mail (truncated on narrow screens), and badges. */
export function PersonCell({
  name,
  email,
  you = false,
  badges,
}: {
  name: string;
  email: string;
  you?: boolean;
  badges?: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar radius="xl" size="sm" color="blue" visibleFrom="xs">
        {initials(name || email)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={500} lineClamp={1} style={{ wordBreak: 'break-word' }}>
            {name || email}
          </Text>
          {you && (
            <Badge size="xs" variant="outline" color="gray">
              You
            </Badge>
          )}
          {badges}
        </Group>
        {name && (
          <Text size="xs" c="dimmed" truncate maw={{ base: 170, sm: 320 }}>
            {email}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
