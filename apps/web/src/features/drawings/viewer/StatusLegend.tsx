import { Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { STATUS_COLOUR_HEX, StatusIcon } from '../../projects';
import { NO_STATUS_COLOUR } from './pin-sprites';
import { NO_STATUS, type LegendEntry } from './pins';

/**
 * The legend of a drawing: each status with its icon, colour and count of pins, and a box that
 * shows or hides its pins (the filter by status). "Only" shows that status alone.
 */
export function StatusLegend({
  entries,
  hidden,
  onHiddenChange,
}: {
  entries: readonly LegendEntry[];
  hidden: ReadonlySet<string>;
  onHiddenChange: (hidden: Set<string>) => void;
}) {
  const keys = entries.map((entry) => entry.status?.id ?? NO_STATUS);
  const toggle = (key: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(key);
    else next.add(key);
    onHiddenChange(next);
  };
  return (
    <Stack gap={6} role="group" aria-label="Legend and filter by status">
      {entries.map((entry) => {
        const key = entry.status?.id ?? NO_STATUS;
        const name = entry.status?.name ?? 'No status';
        const colour = entry.status ? STATUS_COLOUR_HEX[entry.status.color] : NO_STATUS_COLOUR;
        return (
          <Group key={key} gap={8} wrap="nowrap" justify="space-between">
            <Checkbox
              checked={!hidden.has(key)}
              onChange={(event) => toggle(key, event.currentTarget.checked)}
              aria-label={`Show ${name} (${entry.count})`}
              label={
                <Group gap={6} wrap="nowrap">
                  {entry.status ? (
                    <StatusIcon icon={entry.status.icon} color={colour} size={16} />
                  ) : (
                    <span
                      style={{ width: 12, height: 12, borderRadius: 6, background: colour }}
                      aria-hidden
                    />
                  )}
                  <Text size="sm" lineClamp={1}>
                    {name}
                  </Text>
                  <Text size="sm" c="dimmed" data-testid={`legend-count-${key}`}>
                    {entry.count.toLocaleString()}
                  </Text>
                </Group>
              }
            />
            <UnstyledButton
              fz="xs"
              c="blue"
              aria-label={`Show only ${name}`}
              onClick={() => onHiddenChange(new Set(keys.filter((other) => other !== key)))}
            >
              Only
            </UnstyledButton>
          </Group>
        );
      })}
      {hidden.size > 0 && (
        <UnstyledButton fz="xs" c="blue" onClick={() => onHiddenChange(new Set())}>
          Show every status
        </UnstyledButton>
      )}
    </Stack>
  );
}
