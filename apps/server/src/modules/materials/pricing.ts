import {
  MATERIAL_INPUT_TYPES,
  type MaterialInputTypeKey,
  type MaterialPrice,
  type Pricing,
  type RateSetPrice,
} from '@fieldwork/contract';
import { fromMicro, measureOf, MICRO, roundDiv, toMicro, type Measures } from './measure';

/**
 * The pricing engine (docs/pricing.md): pure, no database, money in integer minor units. A job
 * sheet material is priced once per rate group: the rate set in force for its project in that
 * group, then the material's own entry in that set (custom pricing) or the set's prices for its
 * input type; the tier its tier measure falls in; the minimum measure; rate × measure, rounded
 * half up to a whole minor unit, plus the fixed amount.
 */

export interface BookGroup {
  id: string;
  name: string;
  default_material_rate_set_id: string | null;
}
export interface BookSet {
  id: string;
  name: string;
  material_rate_group_id: string | null;
  prices: RateSetPrice[];
}
export interface BookEntry {
  use_custom: boolean;
  custom: Pricing | null;
}

/** Everything a price depends on besides the material itself: read once per recalculation. */
export interface PriceBook {
  /** Rate groups in their order (live ones only). */
  groups: BookGroup[];
  /** Live rate sets by id. */
  sets: Map<string, BookSet>;
  /** A material's entry in a rate set, by `${materialId}:${rateSetId}`. */
  entries: Map<string, BookEntry>;
}

export interface PricedItem extends Measures {
  material_id: string | null;
  material_input_type_key: MaterialInputTypeKey;
}

export interface PriceResult {
  rates: MaterialPrice[];
  /** The first rate group's price that prices it; null when none does. */
  price: number | null;
}

/** The rate set in force in a group: the project's default in that group, else the group's. */
export function rateSetInForce(
  book: PriceBook,
  group: BookGroup,
  projectDefaults: readonly string[],
): BookSet | null {
  for (const id of projectDefaults) {
    const set = book.sets.get(id);
    if (set?.material_rate_group_id === group.id) return set;
  }
  const fallback = group.default_material_rate_set_id;
  const set = fallback ? book.sets.get(fallback) : undefined;
  return set?.material_rate_group_id === group.id ? set : null;
}

/** Whether a pricing prices anything at all (tiers, a rate or a fixed amount). */
const prices = (pricing: Pricing) =>
  pricing.tiers.length > 0 || pricing.rate !== null || pricing.fixed_amount !== null;

/** One pricing applied to one measure. */
export function applyPricing(
  key: MaterialInputTypeKey,
  pricing: Pricing,
  measures: Measures,
): Omit<
  MaterialPrice,
  | 'material_rate_group_id'
  | 'material_rate_group_name'
  | 'material_rate_set_id'
  | 'material_rate_set_name'
  | 'use_custom'
> {
  const type = MATERIAL_INPUT_TYPES[key];
  const { tier: tierMeasure, charged: measured } = measureOf(key, measures);
  const minimum =
    type.enable_min_measure && pricing.min_measure !== null ? toMicro(pricing.min_measure) : 0n;
  const charged = measured > minimum ? measured : minimum;
  const tier = pricing.tiers.find((candidate) => tierMeasure <= toMicro(candidate.for_up_to));
  const rate = tier ? tier.rate : (pricing.rate ?? 0);
  const fixed = type.enable_fixed_amount
    ? tier
      ? tier.fixed_amount
      : (pricing.fixed_amount ?? 0)
    : 0;
  const variable = type.enable_rate ? roundDiv(BigInt(rate) * charged, MICRO) : 0n;
  return {
    tier_measure: fromMicro(tierMeasure),
    measure: fromMicro(charged),
    for_up_to: tier ? tier.for_up_to : null,
    rate,
    fixed_amount: fixed,
    price: Number(BigInt(fixed) + variable),
  };
}

/** A job sheet material's prices, one per rate group that prices it. */
export function priceItem(
  book: PriceBook,
  projectDefaults: readonly string[],
  item: PricedItem,
): PriceResult {
  const rates: MaterialPrice[] = [];
  if (!item.material_id) return { rates, price: null };
  for (const group of book.groups) {
    const set = rateSetInForce(book, group, projectDefaults);
    if (!set) continue;
    const entry = book.entries.get(`${item.material_id}:${set.id}`);
    const custom = entry?.use_custom && entry.custom ? entry.custom : null;
    const pricing =
      custom ?? set.prices.find((price) => price.input_type_key === item.material_input_type_key);
    if (!pricing || !prices(pricing)) continue;
    rates.push({
      material_rate_group_id: group.id,
      material_rate_group_name: group.name,
      material_rate_set_id: set.id,
      material_rate_set_name: set.name,
      use_custom: custom !== null,
      ...applyPricing(item.material_input_type_key, pricing, item),
    });
  }
  return { rates, price: rates[0]?.price ?? null };
}

/** Prices summed per rate group, in the groups' order (a sheet's or a summary line's rates). */
export function totalRates(
  book: Pick<PriceBook, 'groups'>,
  priced: ReadonlyArray<{ rates: MaterialPrice[] }>,
) {
  const sums = new Map<string, number>();
  for (const { rates } of priced)
    for (const rate of rates)
      sums.set(
        rate.material_rate_group_id,
        (sums.get(rate.material_rate_group_id) ?? 0) + rate.price,
      );
  return book.groups
    .filter((group) => sums.has(group.id))
    .map((group) => ({
      material_rate_group_id: group.id,
      material_rate_group_name: group.name,
      price: sums.get(group.id)!,
    }));
}
