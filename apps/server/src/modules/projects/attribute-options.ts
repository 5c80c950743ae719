import type { AttributeOption, FieldError } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { optionArchivedAt } from '../forms';

interface OptionInput {
  id?: string;
  name: string;
  archived?: boolean;
}

const CHOICE_TYPES = new Set(['SELECT', 'MULTI_SELECT']);

/**
 * Options of an attribute definition after a write. Existing options keep their ids; an option
 * left out is archived, never removed, so values that chose it still read its name.
 */
export function mergeOptions(
  inputs: OptionInput[],
  existing: AttributeOption[],
  now = new Date().toISOString(),
): AttributeOption[] {
  const known = new Map(existing.map((option) => [option.id, option]));
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const merged = inputs.map((input, index): AttributeOption => {
    const previous = input.id ? known.get(input.id) : undefined;
    if (input.id && !previous) {
      errors.push({
        field: `options.${index}.id`,
        message: 'Option not found.',
        code: 'not_found',
      });
    }
    const key = input.name.trim().toLowerCase();
    if (seen.has(key)) {
      errors.push({
        field: `options.${index}.name`,
        message: 'Another option has this name.',
        code: 'duplicate',
      });
    }
    seen.add(key);
    const archivedAt = optionArchivedAt(input.archived, previous, now);
    return { id: previous?.id ?? newId(), name: input.name, archived_at: archivedAt };
  });
  if (errors.length) throw validationFailure(errors);
  const kept = new Set(merged.map((option) => option.id));
  const dropped = existing
    .filter((option) => !kept.has(option.id))
    .map((option) => ({ ...option, archived_at: option.archived_at ?? now }));
  return [...merged, ...dropped];
}

/** Checks a definition's type-specific settings and stores options as JSON. */
export function normaliseAttributeWrite(
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
): Record<string, unknown> {
  const type = (values.type ?? existing?.type ?? 'TEXT') as string;
  const next: Record<string, unknown> = existing ? { ...values } : { ...values, type };
  if (values.options !== undefined) {
    if (!CHOICE_TYPES.has(type) && (values.options as OptionInput[]).length > 0) {
      throw validationFailure([
        {
          field: 'options',
          message: 'Only SELECT and MULTI_SELECT attributes have options.',
          code: 'invalid',
        },
      ]);
    }
    next.options = JSON.stringify(
      mergeOptions(
        values.options as OptionInput[],
        (existing?.options as AttributeOption[] | undefined) ?? [],
      ),
    );
  }
  if (values.precision !== undefined && values.precision !== null && type !== 'NUMBER') {
    throw validationFailure([
      { field: 'precision', message: 'Only NUMBER attributes have a precision.', code: 'invalid' },
    ]);
  }
  if ((values.default_to_now || values.capture_time) && type !== 'DATE') {
    const field = values.default_to_now ? 'default_to_now' : 'capture_time';
    throw validationFailure([
      { field, message: 'Only DATE attributes capture a time.', code: 'invalid' },
    ]);
  }
  return next;
}
