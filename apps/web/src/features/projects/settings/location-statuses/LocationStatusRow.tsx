import type { LocationStatus } from '@fieldwork/contract';
import { Badge, ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { STATUS_COLOUR_HEX, colourLabel } from './status-colours';
import { StatusIcon, iconLabel } from './status-icons';
import { STATUS_TYPE_COLOR, STATUS_TYPE_LABEL } from './status-types';

/** A status as it reads in the list: icon, colour, name, type and whether it is a to-do. */
export function LocationStatusRow({ status }: { status: LocationStatus }) {
  const hex = STATUS_COLOUR_HEX[status.color];
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <StatusIcon icon={status.icon} color={hex} size={22} />
      <ColorSwatch
        color={hex}
        size={14}
        withShadow={false}
        aria-label={`Colour ${colourLabel(status.color)}, icon ${iconLabel(status.icon)}`}
        role="img"
        visibleFrom="xs"
      />
      <Text fw={500} truncate style={{ minWidth: 0 }}>
        {status.name}
      </Text>
      <Group gap={6} wrap="nowrap" ml="auto">
        {status.include_in_todo && (
          <Tooltip label="Locations with this status are on the to-do list">
            <Badge variant="outline" color="gray" leftSection={<IconListCheck size={12} />}>
              To-do
            </Badge>
          </Tooltip>
        )}
        <Badge variant="light" color={STATUS_TYPE_COLOR[status.type]}>
          {STATUS_TYPE_LABEL[status.type]}
        </Badge>
      </Group>
    </Group>
  );
}
