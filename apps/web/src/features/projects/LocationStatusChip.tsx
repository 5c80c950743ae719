import type { LocationStatusColor, LocationStatusIcon } from '@fieldwork/contract';
import { Badge } from '@mantine/core';
import { STATUS_COLOUR_HEX } from './settings/location-statuses/status-colours';
import { StatusIcon } from './settings/location-statuses/status-icons';

/** A location status as a chip in its colour, with its icon (the settings area draws the same). */
export function LocationStatusChip({
  status,
  size = 'md',
}: {
  status: { name: string; color: LocationStatusColor; icon: LocationStatusIcon };
  size?: 'sm' | 'md' | 'lg';
}) {
  const colour = STATUS_COLOUR_HEX[status.color];
  return (
    <Badge
      size={size}
      variant="light"
      color={colour}
      radius="sm"
      tt="none"
      leftSection={<StatusIcon icon={status.icon} color={colour} size={size === 'sm' ? 12 : 14} />}
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
    >
      {status.name}
    </Badge>
  );
}
