import { AppError, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { checkAttributeValues, type AttributeDefinition, type AttributeValueInput } from '../jobs';

/** The records whose attribute values live in the attribute_values table, and their definitions. */
export type Subject = 'LOCATION' | 'ZONE' | 'SPECIFICATION';
const DEFINITIONS: Record<Subject, { table: string; noun: string }> = {
  LOCATION: { table: 'location_attributes', noun: 'location attribute' },
  // Zones and specifications are priced the same way and share the project's specification attributes.
  ZONE: { table: 'specification_attributes', noun: 'specification attribute' },
  SPECIFICATION: { table: 'specification_attributes', noun: 'specification attribute' },
};

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQL over a row `t`: its attribute values in the definitions' order. */
export const attributeValuesSql = (
  subject: Subject,
) => `(SELECT coalesce(json_agg(json_build_object(
    'attribute_id', av.attribute_id, 'name', av.name, 'type', av.type,
    'value_string', av.value_string, 'value_number', av.value_number,
    'value_boolean', av.value_boolean, 'value_date', ${iso('av.value_date')},
    'value_option', av.value_option, 'value_options', av.value_options)
    ORDER BY d."order", av.name), '[]'::json)
  FROM attribute_values av
  LEFT JOIN ${DEFINITIONS[subject].table} d ON d.id = av.attribute_id
  WHERE av.organisation_id = t.organisation_id AND av.subject_type = '${subject}' AND av.subject_id = t.id)`;

/**
 * Checks values against the project's definitions (location attributes for locations,
 * specification attributes for zones and specifications): a 422 names each bad value.
 */
export async function checkedSubjectValues(
  ctx: OrganisationContext,
  subject: Subject,
  projectId: string,
  values: AttributeValueInput[],
) {
  const { table, noun } = DEFINITIONS[subject];
  const { rows } = await ctx.db.query<AttributeDefinition>(
    `SELECT id, name, type, options FROM ${table} WHERE organisation_id = $1 AND project_id = $2`,
    [ctx.organisationId, projectId],
  );
  try {
    return checkAttributeValues(rows, values);
  } catch (error) {
    // The jobs' checker names a job attribute; say which kind of attribute it is here.
    if (error instanceof AppError && Array.isArray(error.errors)) {
      throw validationFailure(
        error.errors.map((item) => ({
          ...item,
          message: item.message.replace('job attribute', noun),
        })),
      );
    }
    throw error;
  }
}

/** Replaces a record's attribute values with those given (already checked). */
export async function writeSubjectValues(
  ctx: OrganisationContext,
  subject: Subject,
  subjectId: string,
  projectId: string,
  values: AttributeValueInput[],
) {
  const stored = await checkedSubjectValues(ctx, subject, projectId, values);
  await ctx.db.query(
    `DELETE FROM attribute_values WHERE organisation_id = $1 AND subject_type = $2 AND subject_id = $3`,
    [ctx.organisationId, subject, subjectId],
  );
  if (!stored.length) return;
  await ctx.db.query(
    `INSERT INTO attribute_values (id, organisation_id, project_id, subject_type, subject_id,
       attribute_id, name, type, value_string, value_number, value_boolean, value_date,
       value_option, value_options)
     SELECT v.id, $1, $2, $3, $4, v.attribute_id, v.name, v.type, v.value_string, v.value_number,
            v.value_boolean, v.value_date::timestamptz, v.value_option, v.value_options
       FROM jsonb_to_recordset($5::jsonb) AS v(id text, attribute_id text, name text, type text,
            value_string text, value_number numeric, value_boolean boolean, value_date text,
            value_option text, value_options text[])`,
    [
      ctx.organisationId,
      projectId,
      subject,
      subjectId,
      JSON.stringify(stored.map((value) => ({ id: newId(), ...value }))),
    ],
  );
}

/** Copies attribute values from originals to their copies. */
export async function copySubjectValues(
  ctx: OrganisationContext,
  subject: Subject,
  copies: { from: string; to: string }[],
) {
  if (!copies.length) return;
  await ctx.db.query(
    `INSERT INTO attribute_values (id, organisation_id, project_id, subject_type, subject_id,
       attribute_id, name, type, value_string, value_number, value_boolean, value_date,
       value_option, value_options)
     SELECT substr(md5(random()::text || av.id || c.to_id), 1, 24), av.organisation_id,
            av.project_id, av.subject_type, c.to_id, av.attribute_id, av.name, av.type,
            av.value_string, av.value_number, av.value_boolean, av.value_date, av.value_option,
            av.value_options
       FROM attribute_values av
       JOIN jsonb_to_recordset($3::jsonb) AS c(from_id text, to_id text) ON c.from_id = av.subject_id
      WHERE av.organisation_id = $1 AND av.subject_type = $2`,
    [
      ctx.organisationId,
      subject,
      JSON.stringify(copies.map((c) => ({ from_id: c.from, to_id: c.to }))),
    ],
  );
}

/** Removes the attribute values of deleted records. */
export async function removeSubjectValues(
  ctx: OrganisationContext,
  subject: Subject,
  ids: string[],
) {
  await ctx.db.query(
    `DELETE FROM attribute_values WHERE organisation_id = $1 AND subject_type = $2
        AND subject_id = ANY($3::text[])`,
    [ctx.organisationId, subject, ids],
  );
}
