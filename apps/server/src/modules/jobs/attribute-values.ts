import {
  TYPED_VALUE_KEYS,
  type AttributeType,
  type FieldError,
  type TypedValueKey,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';

export interface AttributeDefinition {
  id: string;
  name: string;
  type: string;
  options: unknown;
}

export interface AttributeValueInput {
  attribute_id: string;
  value_string?: string | null | undefined;
  value_number?: number | null | undefined;
  value_boolean?: boolean | null | undefined;
  value_date?: string | null | undefined;
  value_option?: string | null | undefined;
  value_options?: string[] | null | undefined;
}

/** Which value_* each attribute type (contract ATTRIBUTE_TYPES) takes. */
export const VALUE_KEY_OF: Record<AttributeType, TypedValueKey> = {
  TEXT: 'value_string',
  NUMBER: 'value_number',
  BOOLEAN: 'value_boolean',
  DATE: 'value_date',
  SELECT: 'value_option',
  MULTI_SELECT: 'value_options',
};

/** A choice names a live option by id or by name. */
const optionChoices = (options: unknown): string[] =>
  Array.isArray(options)
    ? (options as Array<{ id: string; name: string; archived_at?: string | null }>)
        .filter((option) => !option.archived_at)
        .flatMap((option) => [option.id, option.name])
    : [];

/** The job attributes of some projects, by project id (one query). */
export async function jobAttributesOf(
  ctx: OrganisationContext,
  projectIds: string[],
): Promise<Map<string, AttributeDefinition[]>> {
  const { rows } = await ctx.db.query<AttributeDefinition & { project_id: string }>(
    `SELECT project_id, id, name, type, options FROM job_attributes
      WHERE organisation_id = $1 AND project_id = ANY($2::text[])`,
    [ctx.organisationId, projectIds],
  );
  const byProject = new Map<string, AttributeDefinition[]>(projectIds.map((id) => [id, []]));
  for (const { project_id, ...definition } of rows) byProject.get(project_id)?.push(definition);
  return byProject;
}

/**
 * Checks a job's attribute values against its project's job attributes and answers them as
 * stored: each names an attribute of the project once, carries the value its type takes (the
 * others null), and choices are among the attribute's options. A 422 names each bad value.
 */
export async function checkedAttributeValues(
  ctx: OrganisationContext,
  projectId: string,
  values: AttributeValueInput[],
) {
  const definitions = (await jobAttributesOf(ctx, [projectId])).get(projectId) ?? [];
  return checkAttributeValues(definitions, values);
}

/** checkedAttributeValues over definitions already read. */
export function checkAttributeValues(
  attributes: AttributeDefinition[],
  values: AttributeValueInput[],
) {
  const definitions = new Map(attributes.map((row) => [row.id, row]));
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const stored = values.map((value, index) => {
    const field = `attribute_values.${index}`;
    const definition = definitions.get(value.attribute_id);
    if (!definition) {
      errors.push({
        field: `${field}.attribute_id`,
        message: 'Not a job attribute of this project.',
        code: 'not_found',
      });
      return null;
    }
    if (seen.has(definition.id)) {
      errors.push({
        field: `${field}.attribute_id`,
        message: 'This attribute is given twice.',
        code: 'duplicate',
      });
    }
    seen.add(definition.id);
    const key = VALUE_KEY_OF[definition.type as AttributeType] ?? 'value_string';
    for (const other of TYPED_VALUE_KEYS) {
      if (other !== key && value[other] != null) {
        errors.push({
          field: `${field}.${other}`,
          message: `A ${definition.type} attribute takes ${key}.`,
          code: 'invalid',
        });
      }
    }
    const allowed = optionChoices(definition.options);
    const chosen =
      key === 'value_option'
        ? [value.value_option]
        : key === 'value_options'
          ? (value.value_options ?? [])
          : [];
    for (const option of chosen) {
      if (option != null && !allowed.includes(option)) {
        errors.push({
          field: `${field}.${key}`,
          message: `"${option}" is not an option of ${definition.name}.`,
          code: 'invalid',
        });
      }
    }
    if (key === 'value_date' && value.value_date != null && isNaN(Date.parse(value.value_date))) {
      errors.push({ field: `${field}.value_date`, message: 'Must be a date.', code: 'invalid' });
    }
    return {
      attribute_id: definition.id,
      name: definition.name,
      type: definition.type,
      ...Object.fromEntries(
        TYPED_VALUE_KEYS.map((k) => [k, k === key ? (value[k] ?? null) : null]),
      ),
    };
  });
  if (errors.length) throw validationFailure(errors);
  return stored;
}
