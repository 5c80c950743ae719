import type { AttributeType } from '@fieldwork/contract';
import { z } from 'zod';
import {
  VALUE_KEY_OF,
  type AttributeDefinition,
  type AttributeValueInput,
} from '../attribute-values';
import { checkedCell, textCell } from '../../../platform/imports/steps';

/** Issues of one cell, in a row's own column. */
export interface CellIssue {
  field: string;
  message: string;
}

/** A list cell: "Daily site diary; Permit to work" (semicolons, or | ). */
const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(/[;|]/)
      .map((part) => part.trim())
      .filter(Boolean),
  );

/** "PO: 4471; Shift: Night": each job attribute by its name, then its value. */
const pairs = z
  .string()
  .optional()
  .transform((value, context) => {
    const found: Array<{ name: string; value: string }> = [];
    for (const part of (value ?? '').split(';')) {
      if (!part.trim()) continue;
      const colon = part.indexOf(':');
      if (colon < 1) {
        context.addIssue({
          code: 'custom',
          message: `"${part.trim()}" is not "Attribute: value"; separate attributes with semicolons.`,
        });
        return z.NEVER;
      }
      found.push({ name: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() });
    }
    return found;
  });

/** A row of jobs_csv as read from its cells (names resolved against the database later). */
export const jobCsvRow = z.object({
  reference: textCell(255),
  project: z.string({ error: 'A project (its name or reference) is required.' }).max(255),
  site: textCell(255),
  operative: textCell(255),
  date: checkedCell(
    (text) => (/^\d{4}-\d{2}-\d{2}$/.test(text) && !isNaN(Date.parse(text)) ? text : null),
    (text) => `"${text}" is not a date (YYYY-MM-DD).`,
  ),
  forms: list,
  instructions: textCell(10_000),
  attributes: pairs,
});
export type JobCsvRow = z.output<typeof jobCsvRow>;

const BOOLEANS: Record<string, boolean> = {
  yes: true,
  y: true,
  true: true,
  '1': true,
  no: false,
  n: false,
  false: false,
  '0': false,
};

/** One attribute's cell text as the value its type takes, or why it cannot be. */
function typedValue(
  definition: AttributeDefinition,
  raw: string,
): Partial<AttributeValueInput> | string {
  const key = VALUE_KEY_OF[definition.type as AttributeType] ?? 'value_string';
  switch (key) {
    case 'value_number': {
      const number = Number(raw);
      return raw !== '' && Number.isFinite(number)
        ? { value_number: number }
        : `${definition.name} takes a number, not "${raw}".`;
    }
    case 'value_boolean': {
      const flag = BOOLEANS[raw.toLowerCase()];
      return flag === undefined
        ? `${definition.name} takes yes or no, not "${raw}".`
        : { value_boolean: flag };
    }
    case 'value_options':
      return {
        value_options: raw
          .split('|')
          .map((part) => part.trim())
          .filter(Boolean),
      };
    case 'value_string':
    case 'value_date':
    case 'value_option':
      return { [key]: raw };
  }
}

/**
 * A row's "Name: value" pairs as the job's attribute values, by the project's job attributes
 * (names matched ignoring case); an unknown name or an unreadable value is an issue.
 */
export function attributeInputs(
  definitions: AttributeDefinition[],
  given: JobCsvRow['attributes'],
): { values: AttributeValueInput[]; issues: CellIssue[] } {
  const byName = new Map(definitions.map((row) => [row.name.toLowerCase(), row]));
  const values: AttributeValueInput[] = [];
  const issues: CellIssue[] = [];
  for (const { name, value } of given) {
    const definition = byName.get(name.toLowerCase());
    if (!definition) {
      issues.push({
        field: 'attributes',
        message: `"${name}" is not a job attribute of the project.`,
      });
      continue;
    }
    const typed = typedValue(definition, value);
    if (typeof typed === 'string') issues.push({ field: 'attributes', message: typed });
    else values.push({ attribute_id: definition.id, ...typed });
  }
  return { values, issues };
}
