import type { BulkFailure } from '@fieldwork/contract';
import { MAX_PAGE_SIZE } from '@fieldwork/contract';
import { badRequest } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import type { ParsedListQuery } from '../../list-query/parse';
import type { ResourceDeclaration } from '../declaration';
import { filesOf } from '../files';
import { policyOf } from '../policy';
import { Params, visibilitySql } from '../sql';
import { writer } from '../writer';
import { namingColumns, softDeleted } from './registry';

/** A record in the bin: the row the deletions list answers, before its deleter's name is added. */
export interface BinRow {
  id: string;
  collection_name: string;
  label: string;
  name: string;
  deleted_at: string;
  deleted_by_user_id: string | null;
  deleted_by_user_name: string | null;
}

/** What the bin shows as a record's name: its name or reference, else its kind. */
function nameSql(declaration: ResourceDeclaration, params: Params): string {
  const columns = namingColumns(declaration);
  const label = params.add(declaration.label);
  return `COALESCE(${columns.map((column) => `NULLIF(t.${column}::text, '')`).join(', ')}${
    columns.length ? ', ' : ''
  }${label}::text)`;
}

/** The soft-deleted records of every binned entity the caller may see, as one UNION. */
function binSql(ctx: OrganisationContext, params: Params, declarations: ResourceDeclaration[]) {
  const organisation = params.add(ctx.organisationId);
  return declarations
    .map(
      (declaration) =>
        `SELECT t.id, ${params.add(declaration.auditCollection ?? declaration.name)}::text AS collection_name,
                ${params.add(declaration.label)}::text AS label, ${nameSql(declaration, params)} AS name,
                t.deleted_at
           FROM ${declaration.table} t
          WHERE t.organisation_id = ${organisation} AND t.deleted_at IS NOT NULL${visibilitySql(
            declaration,
            ctx,
            params,
          )}`,
    )
    .join('\n UNION ALL \n');
}

const FILTERS = ['collection_name', 'search'];

/**
 * GET /deletions: the bin, newest deletion first, a page at a time; filter[collection_name]
 * (sites, levels …) and filter[search] over the names.
 */
export async function listBin(ctx: OrganisationContext, query: ParsedListQuery, id?: string) {
  const unknown = [...query.filters.keys()].find((name) => !FILTERS.includes(name));
  if (unknown)
    throw badRequest(
      `Deletions are filtered by ${FILTERS.join(' and ')}, not ${unknown}.`,
      'bad_filter',
    );
  const other = [
    ...query.sort.map((term) => `sort=${term.field}`),
    ...query.expand.map((name) => `expand=${name}`),
    ...query.sum.map((name) => `sum=${name}`),
  ][0];
  if (other)
    throw badRequest(
      `Deletions are listed newest first and take no sort, expand or sum (${other}).`,
      'bad_query',
    );
  const kinds = query.filters.get('collection_name');
  const all = softDeleted();
  const known = all.map((declaration) => declaration.auditCollection ?? declaration.name);
  const wrong = kinds?.find((kind) => !known.includes(kind));
  if (wrong)
    throw badRequest(
      `filter[collection_name] takes ${known.join(', ')}; not ${wrong}.`,
      'bad_filter',
    );
  const declarations = kinds
    ? all.filter((declaration) => kinds.includes(declaration.auditCollection ?? declaration.name))
    : all;
  const page = query.page.all ? { number: 1, size: MAX_PAGE_SIZE } : query.page;
  const params = new Params();
  const union = binSql(ctx, params, declarations);
  const search = query.filters.get('search')?.join(' ');
  const conditions = [
    search ? `d.name ILIKE ${params.add(`%${search.replace(/[\\%_]/g, '\\$&')}%`)}` : '',
    id ? `d.id = ${params.add(id)}` : '',
  ].filter(Boolean);
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const { rows } = await ctx.db.query<BinRow & { total: string }>(
    `SELECT d.id, d.collection_name, d.label, d.name,
            to_char(d.deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS deleted_at,
            a.performed_by_user_id AS deleted_by_user_id, u.name AS deleted_by_user_name,
            count(*) OVER () AS total
       FROM (${union}) d
       LEFT JOIN LATERAL (
         SELECT e.performed_by_user_id FROM audit_entries e
          WHERE e.organisation_id = ${params.add(ctx.organisationId)}
            AND e.collection_name = d.collection_name AND e.document_id = d.id
            AND e.action = 'DELETE'
          ORDER BY e.performed_at DESC LIMIT 1) a ON true
       LEFT JOIN users u ON u.id = a.performed_by_user_id
      ${where}
      ORDER BY d.deleted_at DESC, d.id DESC
      LIMIT ${params.add(page.size)} OFFSET ${params.add((page.number - 1) * page.size)}`,
    params.values,
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    data: rows.map(({ total: _, ...row }) => row),
    meta: {
      total,
      current_page: page.number,
      per_page: page.size,
      last_page: Math.max(1, Math.ceil(total / page.size)),
    },
  };
}

/** Which entity each binned id is a record of (ids not in the bin are left out). */
async function binnedKinds(ctx: OrganisationContext, ids: string[]) {
  const params = new Params();
  const declarations = softDeleted();
  const { rows } = await ctx.db.query<{ id: string; collection_name: string }>(
    `SELECT d.id, d.collection_name FROM (${binSql(ctx, params, declarations)}) d
      WHERE d.id = ANY(${params.add(ids)}::text[])`,
    params.values,
  );
  const byCollection = new Map(
    declarations.map((declaration) => [
      declaration.auditCollection ?? declaration.name,
      declaration,
    ]),
  );
  const groups = new Map<ResourceDeclaration, string[]>();
  for (const row of rows) {
    const declaration = byCollection.get(row.collection_name)!;
    groups.set(declaration, [...(groups.get(declaration) ?? []), row.id]);
  }
  return { groups, found: new Set(rows.map((row) => row.id)) };
}

const notInBin = (id: string): BulkFailure => ({
  id,
  reason: 'Deletion not found.',
  code: 'not_found',
});

/**
 * Restores binned records through their entity's own writer (policy, audit): a record whose
 * parent is itself deleted stays in the bin with the reason, since it would come back unseen.
 */
export async function restoreFromBin(ctx: OrganisationContext, ids: string[]) {
  const { groups, found } = await binnedKinds(ctx, ids);
  const failed: BulkFailure[] = ids.filter((id) => !found.has(id)).map(notInBin);
  const restored: string[] = [];
  for (const [declaration, group] of groups) {
    const permitted = await policyOf(declaration).permitted(ctx, 'restore', group);
    failed.push(...permitted.failed);
    const orphans = await deletedParents(ctx, declaration, permitted.ids);
    for (const [id, reason] of orphans) failed.push({ id, reason, code: 'parent_deleted' });
    const ready = permitted.ids.filter((id) => !orphans.has(id));
    if (!ready.length) continue;
    const result = await writer(declaration).restore(ctx, ready);
    restored.push(...result.done);
    failed.push(...result.failed);
  }
  return { restored: ids.filter((id) => restored.includes(id)), failed };
}

/** Records whose parent (a level's block, a drawing's level …) is in the bin too, with why. */
async function deletedParents(
  ctx: OrganisationContext,
  declaration: ResourceDeclaration,
  ids: string[],
): Promise<Map<string, string>> {
  const parent = declaration.parent;
  const parentBinned = parent && softDeleted().find((other) => other.table === parent.table);
  if (!parent || !parentBinned || !ids.length) return new Map();
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT t.id FROM ${declaration.table} t
       JOIN ${parent.table} p ON p.organisation_id = t.organisation_id AND p.id = t.${parent.column}
      WHERE t.organisation_id = $1 AND t.id = ANY($2::text[]) AND p.deleted_at IS NOT NULL`,
    [ctx.organisationId, ids],
  );
  const why = `Its ${parent.label.toLowerCase()} is deleted too: restore the ${parent.label.toLowerCase()} first.`;
  return new Map(rows.map((row) => [row.id, why]));
}

/**
 * Deletes binned records for good (admins): each entity's rows in one statement, with its
 * stored files removed after commit; a record something still refers to stays, with the reason.
 */
export async function purgeFromBin(ctx: OrganisationContext, ids: string[]) {
  const { groups, found } = await binnedKinds(ctx, ids);
  const failed: BulkFailure[] = ids.filter((id) => !found.has(id)).map(notInBin);
  const deleted: string[] = [];
  for (const [declaration, group] of groups) {
    await ctx.db.query('SAVEPOINT purge_deletions');
    try {
      const { rows } = await ctx.db.query<{ id: string; image: Record<string, unknown> }>(
        `DELETE FROM ${declaration.table} t
          WHERE t.organisation_id = $1 AND t.id = ANY($2::text[]) AND t.deleted_at IS NOT NULL
          RETURNING t.id, to_jsonb(t) AS image`,
        [ctx.organisationId, group],
      );
      await ctx.db.query('RELEASE SAVEPOINT purge_deletions');
      const files = filesOf(declaration);
      if (files)
        files.removeLater(
          ctx,
          rows.flatMap((row) => files.held(row.image)),
        );
      await writer(declaration).audit(
        ctx,
        rows.map((row) => ({ id: row.id, row_id: row.id, audit_before_image: row.image })),
        'FORCE_DELETE',
      );
      deleted.push(...rows.map((row) => row.id));
    } catch (error) {
      if ((error as { code?: string }).code !== '23503') throw error;
      await ctx.db.query('ROLLBACK TO SAVEPOINT purge_deletions');
      const reason = `Other records still refer to this ${declaration.label.toLowerCase()}; restore it, or delete them first.`;
      failed.push(...group.map((id) => ({ id, reason, code: 'in_use' })));
    }
  }
  return { deleted: ids.filter((id) => deleted.includes(id)), failed };
}
