import { LOCATION_STATUS_COLORS, LOCATION_STATUS_ICONS } from '@fieldwork/contract';
import type { LocationStatusColor, LocationStatusIcon } from '@fieldwork/contract';
import { ColorSwatch } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { ChoiceGrid } from './ChoiceGrid';
import { STATUS_COLOUR_HEX, colourLabel } from './status-colours';
import { StatusIcon, iconLabel } from './status-icons';

/** The twelve status colours as swatches. */
export function ColourPicker({
  value,
  onChange,
  error,
}: {
  value: LocationStatusColor;
  onChange: (colour: LocationStatusColor) => void;
  error?: string;
}) {
  return (
    <ChoiceGrid
      label="Colour"
      options={LOCATION_STATUS_COLORS}
      value={value}
      onChange={onChange}
      nameOf={colourLabel}
      tileSize={40}
      columns={6}
      error={error}
      renderOption={(colour, selected) => (
        <ColorSwatch color={STATUS_COLOUR_HEX[colour]} size={26} withShadow={false}>
          {selected && <IconCheck size={16} color="white" stroke={3} />}
        </ColorSwatch>
      )}
    />
  );
}

/** Every status icon, drawn in the chosen colour. */
export function IconPicker({
  value,
  colour,
  onChange,
  error,
}: {
  value: LocationStatusIcon;
  colour: LocationStatusColor;
  onChange: (icon: LocationStatusIcon) => void;
  error?: string;
}) {
  return (
    <ChoiceGrid
      label="Icon"
      options={LOCATION_STATUS_ICONS}
      value={value}
      onChange={onChange}
      nameOf={iconLabel}
      tileSize={40}
      columns={7}
      error={error}
      renderOption={(icon) => (
        <StatusIcon icon={icon} color={STATUS_COLOUR_HEX[colour]} size={22} />
      )}
    />
  );
}
