import { formBoolean, MATERIAL_INPUT_TYPE_KEYS, MATERIAL_INPUT_TYPES } from '@fieldwork/contract';
import { z } from 'zod';
import { checkedCell } from '../../../platform/imports/steps';

const typeByName = new Map<string, string>(
  MATERIAL_INPUT_TYPE_KEYS.flatMap((key) => [
    [key.toLowerCase(), key],
    [MATERIAL_INPUT_TYPES[key].name.toLowerCase(), key],
  ]),
);

/** An input type by its key or its name ("QUANTITY_AND_DIAMETER" or "Quantity and diameter"). */
export const inputTypeCell = checkedCell(
  (text) => typeByName.get(text.trim().toLowerCase()) ?? null,
  (text) => `Unknown input type "${text}": the input types file lists them.`,
);

/** A boolean cell: "true" or "false" as §5 sends them (the shared formBoolean), empty → false. */
export const booleanCell = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined) return false;
    const parsed = formBoolean.safeParse(value.trim().toLowerCase());
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: 'Must be true or false.' });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * Money as people write it in a spreadsheet ("12.50", "£1,200", "3") → minor units, read from
 * the text (never through a float): at most two decimals.
 */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[£$€,\s]/g, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
export const moneyCell = checkedCell(
  parseMoney,
  (text) => `"${text}" is not an amount (e.g. 12.50, at most two decimals).`,
);

/** A measure (a tier bound or minimum): a number 0 or more. */
export const measureCell = checkedCell(
  (text) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : null),
  (text) => `"${text}" is not a number 0 or more.`,
);

/** Names separated by ";" or "|" (tags). */
export const namesCell = z
  .string()
  .optional()
  .transform((value) => [
    ...new Set(
      (value ?? '')
        .split(/[;|]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ]);
