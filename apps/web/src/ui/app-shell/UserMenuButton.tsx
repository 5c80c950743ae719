import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The header's user button (avatar, name, chevron) that opens the UserMenu. */
export function UserMenuButton({
  name,
  ...props
}: ComponentPropsWithRef<'button'> & { name: string }) {
  return (
    <UnstyledButton {...props}>
      {/* The name given to assistive technology contains the visible name (WCAG 2.5.3). */}
      <VisuallyHidden>User menu: </VisuallyHidden>
      <Group gap={8} wrap="nowrap">
        <Avatar radius="xl" size="sm" color="blue" aria-hidden>
          {initials(name)}
        </Avatar>
        <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
          {name}
        </Text>
        <IconChevronDown size={14} />
      </Group>
    </UnstyledButton>
  );
}
