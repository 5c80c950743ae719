import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * One record in a card's short list: a link to it, a dimmed line of details under it, and a badge
 * at the end that keeps its whole label on a phone (the link's text wraps instead).
 */
export function RecordRow({
  to,
  title,
  details,
  badge,
}: {
  to: string;
  title: ReactNode;
  details: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={to} fw={500}>
          {title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {details}
        </Text>
      </Stack>
      {badge}
    </Group>
  );
}

/**
 * A badge that is never "In progr…": a narrow row or table column (a phone's) gives way around it,
 * not inside it.
 */
export function WholeBadge({ children, ...props }: BadgeProps & { children: ReactNode }) {
  return (
    <Badge
      variant="light"
      tt="none"
      {...props}
      styles={{
        root: { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' },
        label: { overflow: 'visible' },
      }}
    >
      {children}
    </Badge>
  );
}
