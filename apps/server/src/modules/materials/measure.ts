import {
  MATERIAL_INPUT_TYPES,
  type MaterialInputTypeKey,
  type MaterialMeasure,
} from '@fieldwork/contract';

/** A measure in millionths of its unit: whole numbers, so prices never meet a float. */
export type Micro = bigint;
export const MICRO = 1_000_000n;

/** A number (as recorded: metres, mm, a count) in millionths, rounded half up. */
export const toMicro = (value: number): Micro => BigInt(Math.round(value * 1_000_000));
export const fromMicro = (micro: Micro): number => Number(micro) / 1_000_000;

export type Measures = Partial<Record<MaterialMeasure, number | null>>;

/**
 * What a job sheet material of each input type is measured by (docs/pricing.md):
 * `tier` picks the rate tier (in the type's for_up_to_unit), `charged` is what the rate is paid
 * on (in its min_measure_unit). Both in millionths. Millimetre products are exact: 1 mm² is one
 * millionth of a m², 1 mm one thousandth of a m.
 */
export function measureOf(
  key: MaterialInputTypeKey,
  values: Measures,
): { tier: Micro; charged: Micro } {
  const micro = (name: MaterialMeasure) => toMicro(values[name] ?? 0);
  // mm as exact thousandths of a mm, so products stay whole: mm × mm = mm² in millionths.
  const milliMm = (name: MaterialMeasure) => BigInt(Math.round((values[name] ?? 0) * 1000));
  switch (key) {
    case 'SQUARE_METRES':
      return same(micro('square_metres'));
    case 'CUBIC_METRES':
      return same(micro('cubic_metres'));
    case 'LINEAR_METRES':
      return same(micro('linear_metres'));
    case 'QUANTITY':
      return same(micro('quantity'));
    case 'QUANTITY_AND_DIAMETER':
      return { tier: micro('diameter_in_mm'), charged: micro('quantity') };
    case 'LINEAR_METRES_AND_JOINT_SIZE':
      return { tier: micro('joint_size_in_mm'), charged: micro('linear_metres') };
    case 'LENGTH_AND_DIAMETER':
      // mm → m: a thousandth; length in thousandths of a mm is millionths of a m.
      return { tier: micro('diameter_in_mm'), charged: milliMm('length_in_mm') };
    case 'SQUARE_METRES_ALL_SIDES': {
      const [w, h, l] = [milliMm('width_in_mm'), milliMm('height_in_mm'), milliMm('length_in_mm')];
      // (thousandths of a mm)² = 10⁻¹² m²; divide by 10⁶ for millionths of a m², half up.
      return same(roundDiv(2n * (w * h + w * l + h * l), MICRO));
    }
    case 'SQUARE_METRES_FOUR_SIDES': {
      const [w, h, l] = [milliMm('width_in_mm'), milliMm('height_in_mm'), milliMm('length_in_mm')];
      return same(roundDiv(2n * (w + h) * l, MICRO));
    }
    case 'AVERAGE_SIDE':
      // The mean of width and height in mm (millionths), one opening charged.
      return {
        tier: roundDiv((milliMm('width_in_mm') + milliMm('height_in_mm')) * 1000n, 2n),
        charged: MICRO,
      };
  }
}

const same = (value: Micro) => ({ tier: value, charged: value });

/** a / b rounded half up (a, b ≥ 0). */
export const roundDiv = (a: bigint, b: bigint): bigint => (a * 2n + b) / (2n * b);

/** The type's own labels, for messages and docs. */
export const inputTypeName = (key: MaterialInputTypeKey) => MATERIAL_INPUT_TYPES[key].name;
