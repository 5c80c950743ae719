import type { LocationStatusColor } from '@fieldwork/contract';

/** How each of the twelve status colours of field-work §3 is drawn; chosen to tell apart at a glance. */
export const STATUS_COLOUR_HEX: Record<LocationStatusColor, string> = {
  grey: '#868e96',
  purple: '#7048e8',
  teal: '#0c8599',
  mint: '#20c997',
  green: '#2f9e44',
  lime: '#82c91e',
  gold: '#f2b705',
  orange: '#f76707',
  brown: '#8b5a2b',
  taupe: '#9c8c7a',
  red: '#e03131',
  pink: '#e64980',
};

/** "grey" → "Grey": the colour's accessible name. */
export const colourLabel = (colour: LocationStatusColor) =>
  colour.charAt(0).toUpperCase() + colour.slice(1);
