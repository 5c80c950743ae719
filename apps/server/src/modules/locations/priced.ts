import { priceItemTotal, type FieldError } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import type { FieldDeclaration, ResourceRules, Row } from '../../platform/resource-kit';
import type { AttributeValueInput } from '../jobs';
import {
  attributeValuesSql,
  checkedSubjectValues,
  copySubjectValues,
  writeSubjectValues,
  type Subject,
} from './subject-values';

/** Zones and specifications share their shape (field-work §3: "Specification has the same shape"). */
export interface PricedKind {
  subject: Extract<Subject, 'ZONE' | 'SPECIFICATION'>;
  table: 'zones' | 'specifications';
  /** The materials link table and its column naming the record. */
  materials: { table: string; column: string };
  /** The locations' column naming the record. */
  locationColumn: string;
}

interface PriceItemInput {
  id?: string;
  description: string;
  quantity: number;
  price: number;
}

/** A price item's total: quantity × price in minor units, rounded half away from zero. */
export const itemTotal = priceItemTotal;

/** The items as stored: in the order sent, each with its id and its total computed here. */
export const pricedItems = (items: PriceItemInput[]) =>
  items.map((item, order) => ({
    id: item.id ?? newId(),
    description: item.description,
    quantity: item.quantity,
    price: item.price,
    total: itemTotal(item.quantity, item.price),
    order,
  }));

/** The output fields of a zone or specification. */
export function pricedFields(kind: PricedKind): Record<string, FieldDeclaration> {
  const { table, column } = kind.materials;
  return {
    project_id: { type: 'id', filter: true },
    code: { type: 'text', filter: true, sort: true },
    name: { type: 'text', filter: true, sort: true },
    price: { type: 'integer', filter: true, sort: true, sum: true },
    attribute_values: { type: 'json', sql: attributeValuesSql(kind.subject) },
    attachments: { type: 'json' },
    materials: {
      type: 'json',
      sql: `(SELECT coalesce(json_agg(json_build_object('id', m.id, 'name', m.name)
          ORDER BY lk."order", lower(m.name), m.id), '[]'::json)
        FROM ${table} lk JOIN materials m ON m.organisation_id = lk.organisation_id AND m.id = lk.material_id
        WHERE lk.organisation_id = t.organisation_id AND lk.${column} = t.id)`,
    },
    price_items: { type: 'json' },
    location_count: {
      type: 'integer',
      sort: true,
      sql: `(SELECT count(*)::int FROM locations lc
        WHERE lc.organisation_id = t.organisation_id AND lc.${kind.locationColumn} = t.id)`,
    },
  };
}

async function checkMaterials(ctx: OrganisationContext, ids: string[]) {
  if (!ids.length) return;
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM materials WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  const found = new Set(rows.map((row) => row.id));
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    if (!found.has(id))
      errors.push({
        field: `material_ids.${index}`,
        message: 'Material not found.',
        code: 'not_found',
      });
  });
  if (new Set(ids).size !== ids.length)
    errors.push({
      field: 'material_ids',
      message: 'A material is given twice.',
      code: 'duplicate',
    });
  if (errors.length) throw validationFailure(errors);
}

async function writeMaterials(
  ctx: OrganisationContext,
  kind: PricedKind,
  id: string,
  materialIds: string[],
) {
  const { table, column } = kind.materials;
  await ctx.db.query(`DELETE FROM ${table} WHERE organisation_id = $1 AND ${column} = $2`, [
    ctx.organisationId,
    id,
  ]);
  if (!materialIds.length) return;
  await ctx.db.query(
    `INSERT INTO ${table} (organisation_id, ${column}, material_id, "order")
     SELECT $1, $2, m.id, m.ord - 1 FROM unnest($3::text[]) WITH ORDINALITY AS m(id, ord)`,
    [ctx.organisationId, id, materialIds],
  );
}

/**
 * The rules of a zone or specification: price items' totals computed (never taken from the
 * client), attribute values checked against the project's specification attributes, materials
 * among the organisation's; attribute values and materials written after the row.
 */
export function pricedRules(kind: PricedKind): ResourceRules<Record<string, unknown>> {
  const after = async (
    ctx: OrganisationContext,
    id: string,
    projectId: string,
    input: Record<string, unknown>,
  ) => {
    if (input.attribute_values !== undefined)
      await writeSubjectValues(
        ctx,
        kind.subject,
        id,
        projectId,
        input.attribute_values as AttributeValueInput[],
      );
    if (input.material_ids !== undefined)
      await writeMaterials(ctx, kind, id, input.material_ids as string[]);
  };
  return {
    async beforeWrite(ctx, input, existing) {
      const { attribute_values: values, material_ids: materialIds, ...rest } = input;
      const projectId = (existing?.project_id ?? input.project_id) as string;
      if (existing && input.project_id !== undefined && input.project_id !== existing.project_id)
        throw validationFailure([
          { field: 'project_id', message: 'It stays on its project.', code: 'invalid' },
        ]);
      if (values !== undefined)
        await checkedSubjectValues(ctx, kind.subject, projectId, values as AttributeValueInput[]);
      if (materialIds !== undefined) await checkMaterials(ctx, materialIds as string[]);
      if (rest.price_items !== undefined)
        rest.price_items = JSON.stringify(pricedItems(rest.price_items as PriceItemInput[]));
      return rest;
    },
    async afterInsert(ctx, created) {
      for (const { id, input } of created) await after(ctx, id, input.project_id as string, input);
    },
    async afterUpdate(ctx, existing: Row, _values, input) {
      await after(ctx, existing.id, existing.project_id as string, input);
    },
    async afterDuplicate(ctx, copies) {
      await copySubjectValues(ctx, kind.subject, copies);
      const { table, column } = kind.materials;
      await ctx.db.query(
        `INSERT INTO ${table} (organisation_id, ${column}, material_id, "order")
         SELECT lk.organisation_id, c.to_id, lk.material_id, lk."order"
           FROM ${table} lk JOIN jsonb_to_recordset($2::jsonb) AS c(from_id text, to_id text)
             ON c.from_id = lk.${column}
          WHERE lk.organisation_id = $1`,
        [ctx.organisationId, JSON.stringify(copies.map((c) => ({ from_id: c.from, to_id: c.to })))],
      );
    },
  };
}
