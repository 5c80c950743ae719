import { Button, Group, Paper, Text } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/** One button of a bulk bar, declared by the list that offers it. */
export interface BulkBarAction {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Removes or ends records: a light red button. */
  danger?: boolean;
  /** A filled button of this colour instead of the plain one (e.g. green for approve). */
  color?: MantineColor;
  onClick: () => void;
}

/**
 * The bar above a list whose rows are checked: how many, the declared actions and, given
 * onClear, "Clear selection". What the actions open (a dialog) goes in children.
 */
export function BulkBar({
  label,
  actions,
  pending = false,
  onClear,
  none,
  children,
}: {
  /** "3 selected", "3 levels selected". */
  label: string;
  actions: readonly BulkBarAction[];
  pending?: boolean;
  onClear?: () => void;
  /** Said when no action is offered. */
  none?: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="xs">
          {actions.length === 0 && none && (
            <Text size="sm" c="dimmed">
              {none}
            </Text>
          )}
          {actions.map((action) => (
            <Button
              key={action.key}
              size="xs"
              variant={action.danger ? 'light' : action.color ? 'filled' : 'default'}
              color={action.danger ? 'red' : action.color}
              leftSection={action.icon}
              loading={pending}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          ))}
          {onClear && (
            <Button size="xs" variant="subtle" onClick={onClear}>
              Clear selection
            </Button>
          )}
        </Group>
      </Group>
      {children}
    </Paper>
  );
}
