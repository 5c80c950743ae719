import type { Pricing } from '@fieldwork/contract';
import type { z } from 'zod';
import type { ParsedRow, RowIssue } from '../../../platform/imports/declaration';
import { textCell } from '../../../platform/imports/steps';
import { measureCell, moneyCell } from './cells';

/** The price columns every rate set CSV shares: a tier row (For up to) or the base row. */
export const priceCells = {
  for_up_to: measureCell,
  fixed_amount: moneyCell,
  rate: moneyCell,
  min_measure: measureCell,
};
export const priceColumns = [
  { key: 'for_up_to', header: 'For up to', example: '110' },
  { key: 'fixed_amount', header: 'Fixed amount', example: '5.00' },
  { key: 'rate', header: 'Rate', example: '25.00' },
  { key: 'min_measure', header: 'Min measure', example: '' },
];
export const requiredText = (max: number) =>
  textCell(max).refine((value) => value !== null, 'Required');

export interface PriceRow {
  for_up_to: number | null;
  fixed_amount: number | null;
  rate: number | null;
  min_measure: number | null;
}

/**
 * Rows of one pricing (one set's input type, or one material's) into its tiers, rate, fixed
 * amount and minimum: one base row at most, each tier bound once. Issues per line.
 */
export function pricingOf<T extends PriceRow>(rows: ParsedRow<T>[]) {
  const issues = new Map<number, RowIssue[]>();
  const pricing: Pricing = { tiers: [], rate: null, fixed_amount: null, min_measure: null };
  let base: number | null = null;
  const bounds = new Map<number, number>();
  for (const { line, value } of rows) {
    if (value.for_up_to === null) {
      if (base !== null) {
        issues.set(line, [
          { field: 'for_up_to', message: `Line ${base} already gives the base price.` },
        ]);
        continue;
      }
      base = line;
      pricing.rate = value.rate;
      pricing.fixed_amount = value.fixed_amount;
      pricing.min_measure = value.min_measure;
      continue;
    }
    if (value.for_up_to <= 0) {
      issues.set(line, [{ field: 'for_up_to', message: 'Must be more than 0.' }]);
      continue;
    }
    const first = bounds.get(value.for_up_to);
    if (first !== undefined) {
      issues.set(line, [{ field: 'for_up_to', message: `Line ${first} already gives this tier.` }]);
      continue;
    }
    bounds.set(value.for_up_to, line);
    if (value.min_measure !== null)
      issues.set(line, [
        { field: 'min_measure', message: 'Give the minimum on the row without For up to.' },
      ]);
    pricing.tiers.push({
      for_up_to: value.for_up_to,
      fixed_amount: value.fixed_amount ?? 0,
      rate: value.rate ?? 0,
    });
  }
  pricing.tiers.sort((a, b) => a.for_up_to - b.for_up_to);
  return { pricing, issues };
}

export const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
};

export type Cells = z.infer<z.ZodObject<typeof priceCells>>;
