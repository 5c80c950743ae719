import { LOCATION_STATUS_COLOR_HEX, type LocationStatusColor } from '@fieldwork/contract';

/**
 * How each of the twelve status colours of field-work §3 is drawn: the contract's values, so the
 * screens and the printed drawings agree.
 */
export const STATUS_COLOUR_HEX: Record<LocationStatusColor, string> = LOCATION_STATUS_COLOR_HEX;

/** "grey" → "Grey": the colour's accessible name. */
export const colourLabel = (colour: LocationStatusColor) =>
  colour.charAt(0).toUpperCase() + colour.slice(1);
