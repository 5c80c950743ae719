/** Material input types (field-work §3 Materials, §9: ten keys). */
export const MATERIAL_INPUT_TYPE_KEYS = [
  'SQUARE_METRES',
  'QUANTITY_AND_DIAMETER',
  'LINEAR_METRES_AND_JOINT_SIZE',
  'CUBIC_METRES',
  'QUANTITY',
  'LENGTH_AND_DIAMETER',
  'SQUARE_METRES_ALL_SIDES',
  'SQUARE_METRES_FOUR_SIDES',
  'LINEAR_METRES',
  'AVERAGE_SIDE',
] as const;
export type MaterialInputTypeKey = (typeof MATERIAL_INPUT_TYPE_KEYS)[number];
