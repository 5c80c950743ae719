import type { FieldError } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import type { Row } from '../../platform/resource-kit';
import type { AttributeValueInput } from '../jobs';
import { checkedSubjectValues } from './subject-values';

type Values = Record<string, unknown>;

const given = (values: Values, key: string) => values[key] !== undefined;

/** One row of a query, or undefined. */
async function one<T extends Record<string, unknown>>(
  ctx: OrganisationContext,
  sql: string,
  params: unknown[],
): Promise<T | undefined> {
  const { rows } = await ctx.db.query<T>(sql, [ctx.organisationId, ...params]);
  return rows[0];
}

/**
 * A location's place, status and links checked and completed before it is written:
 * - a drawing sets the level (and the level the block and site); pins need a drawing and are
 *   both given or both cleared; a level sets block and site, a block its site;
 * - level, block, drawing, zone, specification, status and original job sheet must be the
 *   project's (a 422 naming the field otherwise); a new location takes the project's first
 *   PENDING status;
 * - a QR code must be one of the organisation's, not already on another location;
 * - attribute values are checked against the project's location attributes (written after).
 */
export async function locationBeforeWrite(
  ctx: OrganisationContext,
  input: Values,
  existing: Row | null,
): Promise<Values> {
  const values: Values = { ...input };
  const projectId = (existing?.project_id ?? values.project_id) as string;
  const errors: FieldError[] = [];
  const fail = (field: string, message: string, code = 'not_found') =>
    errors.push({ field, message, code });

  if (existing && given(values, 'project_id') && values.project_id !== existing.project_id) {
    fail('project_id', 'A location stays on its project.', 'invalid');
  }

  // The place: drawing → level → block → site.
  if (given(values, 'drawing_id') && values.drawing_id) {
    const drawing = await one<{ level_id: string; project_id: string }>(
      ctx,
      `SELECT d.level_id, b.project_id FROM drawings d
         JOIN levels l ON l.organisation_id = d.organisation_id AND l.id = d.level_id
         JOIN blocks b ON b.organisation_id = l.organisation_id AND b.id = l.block_id
        WHERE d.organisation_id = $1 AND d.id = $2 AND d.deleted_at IS NULL`,
      [values.drawing_id],
    );
    if (!drawing || drawing.project_id !== projectId) {
      fail('drawing_id', 'Not a drawing of this project.');
    } else if (
      given(values, 'level_id') &&
      values.level_id &&
      values.level_id !== drawing.level_id
    ) {
      fail('level_id', 'Must be the level of the drawing.', 'invalid');
    } else {
      values.level_id = drawing.level_id;
    }
  } else if (given(values, 'drawing_id')) {
    // Off the drawing: the pin goes with it.
    values.drawing_pos_top = null;
    values.drawing_pos_left = null;
  } else if (given(values, 'level_id') && existing?.drawing_id) {
    const drawingLevel = await one<{ level_id: string }>(
      ctx,
      `SELECT level_id FROM drawings WHERE organisation_id = $1 AND id = $2`,
      [existing.drawing_id],
    );
    if (drawingLevel && drawingLevel.level_id !== values.level_id) {
      values.drawing_id = null;
      values.drawing_pos_top = null;
      values.drawing_pos_left = null;
    }
  }
  if (given(values, 'level_id') && values.level_id) {
    const level = await one<{ block_id: string; site_id: string; project_id: string }>(
      ctx,
      `SELECT l.block_id, b.site_id, b.project_id FROM levels l
         JOIN blocks b ON b.organisation_id = l.organisation_id AND b.id = l.block_id
        WHERE l.organisation_id = $1 AND l.id = $2 AND l.deleted_at IS NULL`,
      [values.level_id],
    );
    if (!level || level.project_id !== projectId) fail('level_id', 'Not a level of this project.');
    else Object.assign(values, { block_id: level.block_id, site_id: level.site_id });
  } else if (given(values, 'block_id') && values.block_id) {
    const block = await one<{ site_id: string; project_id: string }>(
      ctx,
      `SELECT site_id, project_id FROM blocks
        WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [values.block_id],
    );
    if (!block || block.project_id !== projectId) fail('block_id', 'Not a block of this project.');
    else Object.assign(values, { site_id: block.site_id, level_id: values.level_id ?? null });
  } else if (given(values, 'site_id') && values.site_id) {
    const site = await one(
      ctx,
      `SELECT 1 FROM sites WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [values.site_id],
    );
    if (!site) fail('site_id', 'Site not found.');
  }
  if (!existing && !values.site_id) {
    const project = await one<{ site_id: string | null }>(
      ctx,
      `SELECT site_id FROM projects WHERE organisation_id = $1 AND id = $2`,
      [projectId],
    );
    values.site_id = project?.site_id ?? null;
  }

  // The pin: both fractions, only on a drawing.
  const drawingId = given(values, 'drawing_id') ? values.drawing_id : existing?.drawing_id;
  const top = given(values, 'drawing_pos_top') ? values.drawing_pos_top : existing?.drawing_pos_top;
  const left = given(values, 'drawing_pos_left')
    ? values.drawing_pos_left
    : existing?.drawing_pos_left;
  if ((top == null) !== (left == null)) {
    fail(
      top == null ? 'drawing_pos_top' : 'drawing_pos_left',
      'A pin needs both drawing_pos_top and drawing_pos_left.',
      'required',
    );
  } else if (top != null && !drawingId) {
    fail('drawing_id', 'A pin needs the drawing it is on.', 'required');
  }

  for (const [field, table, label] of [
    ['zone_id', 'zones', 'zone'],
    ['specification_id', 'specifications', 'specification'],
  ] as const) {
    if (!values[field]) continue;
    const row = await one<{ project_id: string }>(
      ctx,
      `SELECT project_id FROM ${table} WHERE organisation_id = $1 AND id = $2${
        table === 'zones' ? ' AND deleted_at IS NULL' : ''
      }`,
      [values[field]],
    );
    if (!row || row.project_id !== projectId) fail(field, `Not a ${label} of this project.`);
  }

  if (given(values, 'status_id') || !existing) {
    const status = await one<{ id: string }>(
      ctx,
      values.status_id
        ? `SELECT id FROM location_statuses WHERE organisation_id = $1 AND project_id = $2 AND id = $3`
        : `SELECT id FROM location_statuses WHERE organisation_id = $1 AND project_id = $2
            ORDER BY (type = 'PENDING') DESC, "order", id LIMIT 1`,
      values.status_id ? [projectId, values.status_id] : [projectId],
    );
    if (!status) {
      fail(
        'status_id',
        values.status_id
          ? 'Not a location status of this project.'
          : 'The project has no location statuses: add one first.',
        values.status_id ? 'not_found' : 'required',
      );
    } else values.status_id = status.id;
  }

  if (values.original_job_sheet_id) {
    const sheet = await one<{ project_id: string }>(
      ctx,
      `SELECT project_id FROM job_sheets WHERE organisation_id = $1 AND id = $2`,
      [values.original_job_sheet_id],
    );
    if (!sheet || sheet.project_id !== projectId) {
      fail('original_job_sheet_id', 'Not a job sheet of this project.');
    }
  }

  if (given(values, 'qr_code')) {
    const code = values.qr_code as string | null;
    delete values.qr_code;
    if (code === null) values.qr_code_id = null;
    else {
      const qr = await one<{ id: string; location_id: string | null; generated: boolean }>(
        ctx,
        `SELECT q.id, (SELECT l.id FROM locations l WHERE l.organisation_id = q.organisation_id
                         AND l.qr_code_id = q.id) AS location_id,
                (b.generated_at IS NOT NULL) AS generated
           FROM qr_codes q JOIN qr_code_batches b ON b.organisation_id = q.organisation_id AND b.id = q.batch_id
          WHERE q.organisation_id = $1 AND q.code = $2`,
        [code],
      );
      if (!qr) fail('qr_code', 'Not a QR code of this organisation.');
      else if (qr.location_id && qr.location_id !== existing?.id) {
        fail('qr_code', 'This QR code is already on another location.', 'conflict');
      } else values.qr_code_id = qr.id;
    }
  }

  if (given(values, 'attribute_values')) {
    try {
      await checkedSubjectValues(
        ctx,
        'LOCATION',
        projectId,
        values.attribute_values as AttributeValueInput[],
      );
    } catch (error) {
      if (!errors.length) throw error;
    }
    delete values.attribute_values;
  }
  if (errors.length) throw validationFailure(errors);
  return values;
}
