import {
  conditionalIssues,
  fieldSettingIssues,
  type AttributeOption,
  type ConditionalNode,
  type FieldError,
  type FormFieldConditional,
  type FormFieldType,
  type FormFieldWrite,
  type FormTableColumn,
  type FormTableColumnInput,
  PASS_FAIL_DEFAULT_SCORE,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';

const CHOICE = new Set<FormFieldType>(['SELECT', 'MULTI_SELECT']);
interface OptionInput {
  id?: string | undefined;
  name: string;
  archived?: boolean | undefined;
}

/**
 * When an option is archived after a write: `archived` true keeps an earlier date (or now),
 * false clears it, absent leaves it as it was.
 */
export const optionArchivedAt = (
  archived: boolean | undefined,
  previous: AttributeOption | undefined,
  now: string,
): string | null =>
  archived === true
    ? (previous?.archived_at ?? now)
    : archived === false
      ? null
      : (previous?.archived_at ?? null);

/**
 * A field's options after a write. Existing options keep their ids; a new option may bring a
 * fresh id of its own (so a conditional in the same save can name it); options left out are
 * archived, never removed, so job sheet values that chose them still read.
 */
export function mergeFieldOptions(
  inputs: OptionInput[],
  existing: AttributeOption[],
  prefix: string,
  now = new Date().toISOString(),
): AttributeOption[] {
  const known = new Map(existing.map((option) => [option.id, option]));
  const errors: FieldError[] = [];
  const names = new Set<string>();
  const ids = new Set<string>();
  const merged = inputs.map((input, index): AttributeOption => {
    const previous = input.id ? known.get(input.id) : undefined;
    const id = input.id ?? newId();
    const name = input.name.trim().toLowerCase();
    if (names.has(name) || ids.has(id)) {
      errors.push({
        field: `${prefix}options.${index}.${ids.has(id) ? 'id' : 'name'}`,
        message: 'Another option has this name or id.',
        code: 'duplicate',
      });
    }
    names.add(name);
    ids.add(id);
    const archivedAt = optionArchivedAt(input.archived, previous, now);
    return { id, name: input.name, archived_at: archivedAt };
  });
  if (errors.length) throw validationFailure(errors);
  const dropped = existing
    .filter((option) => !ids.has(option.id))
    .map((option) => ({ ...option, archived_at: option.archived_at ?? now }));
  return [...merged, ...dropped];
}

export type StoredField = Record<string, unknown> & {
  id: string;
  type: FormFieldType;
  options: AttributeOption[];
  conditional: FormFieldConditional | null;
  columns?: FormTableColumn[];
  score?: number | null;
};

/** A table's columns as stored: every column and option with an id (new ones get a fresh one). */
export const tableColumnsOf = (inputs: FormTableColumnInput[]): FormTableColumn[] =>
  inputs.map((column) => ({
    id: column.id ?? newId(),
    name: column.name,
    type: column.type,
    required: column.required ?? false,
    options: (column.options ?? []).map((option) => ({
      id: option.id ?? newId(),
      name: option.name,
    })),
  }));

/**
 * Checks one field's write against its type's settings and returns the values to store (options
 * merged, JSON columns serialised) and the field as the form will hold it.
 */
export function prepareField(
  values: Partial<FormFieldWrite>,
  existing: StoredField | null,
  prefix = '',
): { store: Record<string, unknown>; node: ConditionalNode } {
  const type = values.type ?? existing?.type ?? 'TEXT';
  const store: Record<string, unknown> = { ...values, type };
  const storedOptions = existing?.options ?? [];
  let options = storedOptions;
  if (values.options !== undefined) {
    options = mergeFieldOptions(values.options, storedOptions, prefix);
  } else if (!CHOICE.has(type) && storedOptions.length) {
    options = []; // a field that stops being a choice drops its options
  }
  const current = { ...(existing ?? {}), ...values, type } as Partial<FormFieldWrite> & {
    type: FormFieldType;
  };
  // Settings of another type are reset when the type changes, so a change of type alone is valid.
  if (existing && values.type && values.type !== existing.type) {
    for (const key of ['large_text', 'capture_time', 'default_to_now'] as const)
      if (values[key] === undefined) store[key] = current[key] = false;
    if (values.precision === undefined) store.precision = current.precision = null;
    if (values.score === undefined) store.score = current.score = null;
  }
  // A pass / fail / N/A field scores a point a pass unless told otherwise.
  if (type === 'PASS_FAIL' && values.score == null && existing?.score == null)
    store.score = current.score = PASS_FAIL_DEFAULT_SCORE;
  const columns =
    values.columns !== undefined
      ? tableColumnsOf(values.columns)
      : type === 'TABLE'
        ? (existing?.columns ?? [])
        : [];
  if (values.columns !== undefined || (existing?.columns?.length && type !== 'TABLE'))
    store.columns = JSON.stringify(columns);
  const issues = fieldSettingIssues({
    ...current,
    columns: type === 'TABLE' ? columns : values.columns,
    options: options.map((option) => ({
      id: option.id,
      name: option.name,
      archived: option.archived_at !== null,
    })),
  });
  if (issues.length)
    throw validationFailure(issues.map((issue) => ({ ...issue, field: prefix + issue.field })));
  store.options = JSON.stringify(options);
  if (values.conditional !== undefined)
    store.conditional = values.conditional ? JSON.stringify(values.conditional) : null;
  const conditional =
    values.conditional !== undefined
      ? (values.conditional ?? null)
      : (existing?.conditional ?? null);
  return {
    store,
    node: { id: existing?.id ?? '', type, options, conditional },
  };
}

/** The fields of a library form as the conditional check needs them. */
export async function formFields(ctx: OrganisationContext, formId: string) {
  const { rows } = await ctx.db.query<StoredField>(
    `SELECT id, type, options, conditional, form_section_id FROM form_fields
      WHERE organisation_id = $1 AND form_id = $2 ORDER BY id`,
    [ctx.organisationId, formId],
  );
  return rows;
}

/** 422 when the form's conditionals (with `changed` laid over the stored fields) are unsound. */
export function checkConditionals(nodes: ConditionalNode[], fieldOf: (index: number) => string) {
  const issues = conditionalIssues(nodes);
  if (issues.length)
    throw validationFailure(
      issues.map(({ index, issue }) => ({ ...issue, field: `${fieldOf(index)}${issue.field}` })),
    );
}
