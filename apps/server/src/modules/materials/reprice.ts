import {
  MATERIAL_MEASURES,
  type MaterialInputTypeKey,
  type Pricing,
  type RateSetPrice,
} from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import { fromMicro, measureOf, type Measures } from './measure';
import { priceItem, totalRates, type BookGroup, type PriceBook } from './pricing';

interface Scope {
  db: Queryable;
  organisationId: string;
}

/** The organisation's rate groups and live rate sets (entries are read per chunk). */
export async function loadBook(ctx: Scope): Promise<PriceBook> {
  const groups = await ctx.db.query<BookGroup>(
    `SELECT id, name, default_material_rate_set_id FROM material_rate_groups
      WHERE organisation_id = $1 ORDER BY "order", id`,
    [ctx.organisationId],
  );
  const sets = await ctx.db.query<{
    id: string;
    name: string;
    material_rate_group_id: string;
    prices: RateSetPrice[];
  }>(
    `SELECT id, name, material_rate_group_id, prices FROM rate_sets
      WHERE organisation_id = $1 AND archived_at IS NULL AND material_rate_group_id IS NOT NULL`,
    [ctx.organisationId],
  );
  return {
    groups: groups.rows,
    sets: new Map(sets.rows.map((set) => [set.id, set])),
    entries: new Map(),
  };
}

/** The custom entries of these materials, into the book (non-custom entries price as the set). */
async function loadEntries(ctx: Scope, book: PriceBook, materialIds: string[]) {
  book.entries.clear();
  if (!materialIds.length) return;
  const { rows } = await ctx.db.query<{ key: string; custom: Pricing }>(
    `SELECT material_id || ':' || material_rate_set_id AS key, custom FROM material_rate_entries
      WHERE organisation_id = $1 AND material_id = ANY($2::text[]) AND use_custom`,
    [ctx.organisationId, materialIds],
  );
  for (const row of rows) book.entries.set(row.key, { use_custom: true, custom: row.custom });
}

interface SheetMaterialRow extends Measures {
  id: string;
  job_sheet_id: string;
  material_id: string | null;
  material_input_type_key: MaterialInputTypeKey;
  defaults: string[];
}

/**
 * Prices every material of the given job sheets and writes each one's rates, price and measure,
 * and each sheet's totals per rate group: four statements, whatever the number of rows. Answers
 * how many sheet materials were priced.
 */
export async function repriceSheets(
  ctx: Scope,
  sheetIds: string[],
  book?: PriceBook,
): Promise<number> {
  if (!sheetIds.length) return 0;
  const prices = book ?? (await loadBook(ctx));
  const { rows } = await ctx.db.query<SheetMaterialRow>(
    `SELECT x.id, x.job_sheet_id, x.material_id, x.material_input_type_key,
            ${MATERIAL_MEASURES.map((name) => `x.${name}`).join(', ')},
            coalesce(p.default_rate_set_ids, '{}') AS defaults
       FROM job_sheet_materials x
       JOIN job_sheets s ON s.organisation_id = x.organisation_id AND s.id = x.job_sheet_id
       LEFT JOIN projects p ON p.organisation_id = s.organisation_id AND p.id = s.project_id
      WHERE x.organisation_id = $1 AND x.job_sheet_id = ANY($2::text[])`,
    [ctx.organisationId, sheetIds],
  );
  await loadEntries(ctx, prices, [
    ...new Set(rows.flatMap((row) => (row.material_id ? [row.material_id] : []))),
  ]);
  const priced = rows.map((row) => ({
    id: row.id,
    sheet: row.job_sheet_id,
    measure: fromMicro(measureOf(row.material_input_type_key, row).charged),
    ...priceItem(prices, row.defaults, row),
  }));
  if (priced.length)
    await ctx.db.query(
      `UPDATE job_sheet_materials x
          SET rates = v.rates, price = v.price, measure = v.measure, priced_at = now()
         FROM jsonb_to_recordset($2::jsonb) AS v (id text, rates jsonb, price bigint, measure float8)
        WHERE x.organisation_id = $1 AND x.id = v.id`,
      [
        ctx.organisationId,
        JSON.stringify(
          priced.map(({ id, rates, price, measure }) => ({ id, rates, price, measure })),
        ),
      ],
    );
  const bySheet = new Map<string, typeof priced>(sheetIds.map((id) => [id, []]));
  for (const item of priced) bySheet.get(item.sheet)?.push(item);
  await ctx.db.query(
    `UPDATE job_sheets s SET rates = v.rates
       FROM jsonb_to_recordset($2::jsonb) AS v (id text, rates jsonb)
      WHERE s.organisation_id = $1 AND s.id = v.id AND s.rates IS DISTINCT FROM v.rates`,
    [
      ctx.organisationId,
      JSON.stringify([...bySheet].map(([id, items]) => ({ id, rates: totalRates(prices, items) }))),
    ],
  );
  return priced.length;
}

/** Sheets per chunk of a project's recalculation: a few thousand materials per transaction. */
export const RECALCULATE_SHEETS_PER_CHUNK = 500;

/** The next chunk of a project's sheets after `after` (keyset), for a recalculation. */
export async function nextSheets(ctx: Scope, projectId: string, after: string, limit: number) {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM job_sheets WHERE organisation_id = $1 AND project_id = $2 AND id > $3
      ORDER BY id LIMIT $4`,
    [ctx.organisationId, projectId, after, limit],
  );
  return rows.map((row) => row.id);
}

/** How many sheet materials a project has (a recalculation's total). */
export async function countProjectMaterials(ctx: Scope, projectId: string) {
  const { rows } = await ctx.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM job_sheet_materials x
       JOIN job_sheets s ON s.organisation_id = x.organisation_id AND s.id = x.job_sheet_id
      WHERE x.organisation_id = $1 AND s.project_id = $2`,
    [ctx.organisationId, projectId],
  );
  return rows[0]?.count ?? 0;
}
