import type { MaterialInputTypeKey, Pricing } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { fromMicro, measureOf, type Measures } from './measure';
import { applyPricing, priceItem, rateSetInForce, totalRates, type PriceBook } from './pricing';

const pricing = (over: Partial<Pricing> = {}): Pricing => ({
  tiers: [],
  rate: null,
  fixed_amount: null,
  min_measure: null,
  ...over,
});

describe('measures per input type (docs/pricing.md)', () => {
  const cases: Array<[MaterialInputTypeKey, Measures, number, number]> = [
    // key, measures, tier measure, charged measure
    ['SQUARE_METRES', { square_metres: 2.5 }, 2.5, 2.5],
    ['QUANTITY_AND_DIAMETER', { quantity: 3, diameter_in_mm: 110 }, 110, 3],
    ['LINEAR_METRES_AND_JOINT_SIZE', { linear_metres: 4.5, joint_size_in_mm: 20 }, 20, 4.5],
    ['CUBIC_METRES', { cubic_metres: 0.125 }, 0.125, 0.125],
    ['QUANTITY', { quantity: 7 }, 7, 7],
    ['LENGTH_AND_DIAMETER', { length_in_mm: 2500, diameter_in_mm: 50 }, 50, 2.5],
    // a 300 × 200 × 1000 mm box: 2 × (0.06 + 0.3 + 0.2) = 1.12 m²
    [
      'SQUARE_METRES_ALL_SIDES',
      { width_in_mm: 300, height_in_mm: 200, length_in_mm: 1000 },
      1.12,
      1.12,
    ],
    // the same duct wrapped on four sides: 2 × (0.3 + 0.2) × 1 = 1 m²
    ['SQUARE_METRES_FOUR_SIDES', { width_in_mm: 300, height_in_mm: 200, length_in_mm: 1000 }, 1, 1],
    ['LINEAR_METRES', { linear_metres: 12 }, 12, 12],
    // a 300 × 200 opening: average side 250 mm, one opening
    ['AVERAGE_SIDE', { width_in_mm: 300, height_in_mm: 200 }, 250, 1],
    // fractions of a mm stay exact: 0.5 mm × 0.5 mm faces
    [
      'SQUARE_METRES_FOUR_SIDES',
      { width_in_mm: 0.5, height_in_mm: 0.5, length_in_mm: 1000 },
      0.002,
      0.002,
    ],
  ];
  it.each(cases)('%s %j → tier %d, charged %d', (key, values, tier, charged) => {
    const measure = measureOf(key, values);
    expect(fromMicro(measure.tier)).toBe(tier);
    expect(fromMicro(measure.charged)).toBe(charged);
  });
});

describe('one pricing applied', () => {
  const tiers = [
    { for_up_to: 50, fixed_amount: 0, rate: 1200 },
    { for_up_to: 110, fixed_amount: 500, rate: 2500 },
  ];
  const cases: Array<[string, MaterialInputTypeKey, Pricing, Measures, number, number | null]> = [
    ['flat rate', 'SQUARE_METRES', pricing({ rate: 1850 }), { square_metres: 2.5 }, 4625, null],
    [
      'rate plus fixed',
      'QUANTITY',
      pricing({ rate: 300, fixed_amount: 1000 }),
      { quantity: 4 },
      2200,
      null,
    ],
    [
      'first tier',
      'QUANTITY_AND_DIAMETER',
      pricing({ tiers }),
      { quantity: 3, diameter_in_mm: 40 },
      3600,
      50,
    ],
    [
      'tier bound is inclusive',
      'QUANTITY_AND_DIAMETER',
      pricing({ tiers }),
      { quantity: 1, diameter_in_mm: 50 },
      1200,
      50,
    ],
    [
      'second tier with its fixed amount',
      'QUANTITY_AND_DIAMETER',
      pricing({ tiers }),
      { quantity: 2, diameter_in_mm: 100 },
      5500,
      110,
    ],
    [
      'above every tier: the rate',
      'QUANTITY_AND_DIAMETER',
      pricing({ tiers, rate: 4000 }),
      { quantity: 2, diameter_in_mm: 160 },
      8000,
      null,
    ],
    [
      'above every tier, no rate: nothing',
      'QUANTITY_AND_DIAMETER',
      pricing({ tiers }),
      { quantity: 2, diameter_in_mm: 160 },
      0,
      null,
    ],
    [
      'minimum measure',
      'SQUARE_METRES',
      pricing({ rate: 1000, min_measure: 1 }),
      { square_metres: 0.25 },
      1000,
      null,
    ],
    [
      'minimum below the measure',
      'SQUARE_METRES',
      pricing({ rate: 1000, min_measure: 1 }),
      { square_metres: 3 },
      3000,
      null,
    ],
    [
      'rounded half up to a penny',
      'LINEAR_METRES',
      pricing({ rate: 333 }),
      { linear_metres: 1.5 },
      500,
      null,
    ],
    [
      'no float drift: 0.1 + 0.2 m',
      'LINEAR_METRES',
      pricing({ rate: 1000 }),
      { linear_metres: 0.3 },
      300,
      null,
    ],
    [
      'average side: per opening, no fixed amount',
      'AVERAGE_SIDE',
      pricing({ tiers: [{ for_up_to: 300, fixed_amount: 999, rate: 4500 }] }),
      { width_in_mm: 300, height_in_mm: 200 },
      4500,
      300,
    ],
    [
      'average side ignores a minimum',
      'AVERAGE_SIDE',
      pricing({ rate: 100, min_measure: 5 }),
      { width_in_mm: 1, height_in_mm: 1 },
      100,
      null,
    ],
    [
      'large money stays exact',
      'CUBIC_METRES',
      pricing({ rate: 99_999_999 }),
      { cubic_metres: 1000 },
      99_999_999_000,
      null,
    ],
  ];
  it.each(cases)('%s', (_name, key, given, measures, price, forUpTo) => {
    const applied = applyPricing(key, given, measures);
    expect(applied.price).toBe(price);
    expect(Number.isInteger(applied.price)).toBe(true);
    expect(applied.for_up_to).toBe(forUpTo);
  });
});

describe('the rate set in force and a whole item', () => {
  const book: PriceBook = {
    groups: [
      { id: 'charge', name: 'Charge', default_material_rate_set_id: 'standard' },
      { id: 'pay', name: 'Operative pay', default_material_rate_set_id: 'pay-2026' },
      { id: 'empty', name: 'Empty', default_material_rate_set_id: null },
    ],
    sets: new Map([
      [
        'standard',
        {
          id: 'standard',
          name: 'Standard',
          material_rate_group_id: 'charge',
          prices: [{ input_type_key: 'QUANTITY', ...pricing({ rate: 1000 }) }],
        },
      ],
      [
        'london',
        {
          id: 'london',
          name: 'London',
          material_rate_group_id: 'charge',
          prices: [{ input_type_key: 'QUANTITY', ...pricing({ rate: 1500 }) }],
        },
      ],
      [
        'pay-2026',
        {
          id: 'pay-2026',
          name: 'Pay 2026',
          material_rate_group_id: 'pay',
          prices: [{ input_type_key: 'QUANTITY', ...pricing({ rate: 400 }) }],
        },
      ],
    ]),
    entries: new Map([
      ['custom-mat:london', { use_custom: true, custom: pricing({ rate: 2000 }) }],
    ]),
  };
  const item = (material_id: string | null, quantity = 2) => ({
    material_id,
    material_input_type_key: 'QUANTITY' as const,
    quantity,
  });

  it('takes the project default in a group, else the group default', () => {
    expect(rateSetInForce(book, book.groups[0]!, [])?.id).toBe('standard');
    expect(rateSetInForce(book, book.groups[0]!, ['pay-2026', 'london'])?.id).toBe('london');
    expect(rateSetInForce(book, book.groups[2]!, ['london'])).toBeNull();
  });

  it('prices once per group, first group as the price; custom entries win', () => {
    expect(priceItem(book, [], item('m'))).toMatchObject({
      price: 2000,
      rates: [
        {
          material_rate_group_id: 'charge',
          material_rate_set_id: 'standard',
          price: 2000,
          use_custom: false,
        },
        { material_rate_group_id: 'pay', material_rate_set_id: 'pay-2026', price: 800 },
      ],
    });
    expect(priceItem(book, ['london'], item('m')).price).toBe(3000);
    expect(priceItem(book, ['london'], item('custom-mat')).rates[0]).toMatchObject({
      use_custom: true,
      price: 4000,
    });
    // a material typed by name only is not priced
    expect(priceItem(book, [], item(null))).toEqual({ rates: [], price: null });
    // a set without prices for the type leaves that group out
    expect(
      priceItem(book, [], {
        material_id: 'm',
        material_input_type_key: 'SQUARE_METRES',
        square_metres: 1,
      }),
    ).toEqual({ rates: [], price: null });
  });

  it('sums prices per group in the groups’ order', () => {
    const priced = [priceItem(book, [], item('m', 1)), priceItem(book, [], item('m', 3))];
    expect(totalRates(book, priced)).toEqual([
      { material_rate_group_id: 'charge', material_rate_group_name: 'Charge', price: 4000 },
      { material_rate_group_id: 'pay', material_rate_group_name: 'Operative pay', price: 1600 },
    ]);
  });
});

describe('the worked examples of docs/pricing.md', () => {
  const tier = (for_up_to: number, rate: number, fixed_amount = 0) => ({
    for_up_to,
    rate,
    fixed_amount,
  });
  const cases: Array<[MaterialInputTypeKey, Pricing, Measures, number]> = [
    ['SQUARE_METRES', pricing({ rate: 1850 }), { square_metres: 2.5 }, 4625],
    [
      'QUANTITY_AND_DIAMETER',
      pricing({ tiers: [tier(50, 1200), tier(110, 2500, 500)] }),
      { quantity: 3, diameter_in_mm: 100 },
      8000,
    ],
    [
      'LINEAR_METRES_AND_JOINT_SIZE',
      pricing({ tiers: [tier(25, 600)] }),
      { linear_metres: 4.5, joint_size_in_mm: 20 },
      2700,
    ],
    ['CUBIC_METRES', pricing({ rate: 8000 }), { cubic_metres: 0.125 }, 1000],
    ['QUANTITY', pricing({ rate: 300, fixed_amount: 1000 }), { quantity: 4 }, 2200],
    [
      'LENGTH_AND_DIAMETER',
      pricing({ tiers: [tier(50, 900)] }),
      { length_in_mm: 2500, diameter_in_mm: 50 },
      2250,
    ],
    [
      'SQUARE_METRES_ALL_SIDES',
      pricing({ rate: 2000 }),
      { width_in_mm: 300, height_in_mm: 200, length_in_mm: 1000 },
      2240,
    ],
    [
      'SQUARE_METRES_FOUR_SIDES',
      pricing({ rate: 2000 }),
      { width_in_mm: 300, height_in_mm: 200, length_in_mm: 1000 },
      2000,
    ],
    ['LINEAR_METRES', pricing({ rate: 333 }), { linear_metres: 1.5 }, 500],
    [
      'AVERAGE_SIDE',
      pricing({ tiers: [tier(300, 4500)] }),
      { width_in_mm: 300, height_in_mm: 200 },
      4500,
    ],
    ['SQUARE_METRES', pricing({ rate: 1850, min_measure: 1 }), { square_metres: 0.5 }, 1850],
    [
      'QUANTITY_AND_DIAMETER',
      pricing({ tiers: [tier(50, 1200), tier(110, 2500, 500)], rate: 4000 }),
      { quantity: 2, diameter_in_mm: 160 },
      8000,
    ],
  ];
  it.each(cases)('%s %j', (key, given, measures, price) => {
    expect(applyPricing(key, given, measures).price).toBe(price);
  });
});
