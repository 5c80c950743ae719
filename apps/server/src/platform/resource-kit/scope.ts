import { idSchema, type BulkFailure } from '@fieldwork/contract';
import { notFound } from '../errors';
import type { OrganisationContext } from '../http/context';
import type { ResourceDeclaration, ResourceScope, Row } from './declaration';
import { hasVisibility, keyIn, keySql, Params, quote, visibilitySql } from './sql';
import { notFoundReason } from './writer';

/**
 * Where a declared resource is served, and how a call under a parent (e.g. /projects/{projectId}/
 * location_statuses) is held to that parent's rows. Top-level resources pass through unchanged.
 */
export function resourceScope(declaration: ResourceDeclaration) {
  const scope = declaration.scope;
  // The parent and the parents above it, outermost first, e.g. project → form copy → section.
  const chain: ResourceScope[] = [];
  for (let level = scope; level; level = level.under) chain.unshift(level);
  const paramsShape = Object.fromEntries(chain.map((level) => [level.param, idSchema]));
  const basePath = `${chain.map((level) => `/${level.path}/:${level.param}`).join('')}/${declaration.name}`;

  /**
   * The parent's id after checking it is this organisation's and usable, and that each parent
   * sits under the one above it in the path (another form's section is "not found"); null when
   * top-level. One statement per level, outermost first, so the 404 names the first missing one.
   */
  async function parentOf(ctx: OrganisationContext, params: unknown): Promise<string | null> {
    if (!scope) return null;
    const given = params as Record<string, string>;
    for (const level of chain) {
      const values: unknown[] = [ctx.organisationId, given[level.param]];
      const live = level.live ? ` AND ${level.live}` : '';
      const above = level.under
        ? ` AND p.${quote(level.under.column)} = $${values.push(given[level.under.param])}`
        : '';
      const { rows } = await ctx.db.query(
        `SELECT 1 FROM ${level.table} p WHERE p.organisation_id = $1 AND p.id = $2${live}${above}`,
        values,
      );
      if (!rows[0]) throw notFound(level.label);
    }
    return given[scope.param]!;
  }

  /** Rows of other parents read as "not found", exactly like other organisations' rows. */
  const belongs = (row: Row | undefined, parentId: string | null) =>
    row !== undefined && (!scope || row[scope.field ?? scope.column] === parentId);

  /**
   * Splits ids into those the caller may act on (the parent's own, and visible to the caller)
   * and not-found failures for the rest, in one statement over the whole set.
   */
  async function within(ctx: OrganisationContext, parentId: string | null, ids: string[]) {
    if (!scope && !hasVisibility(declaration)) return { ids, failed: [] as BulkFailure[] };
    const params = new Params();
    const conditions = [
      `t.organisation_id = ${params.add(ctx.organisationId)}`,
      keyIn(declaration, params, ids),
    ];
    if (scope) conditions.push(`t.${quote(scope.column)} = ${params.add(parentId)}`);
    const visible = visibilitySql(declaration, ctx, params);
    const { rows } = await ctx.db.query<{ id: string }>(
      `SELECT ${keySql(declaration)} AS id FROM ${declaration.table} t WHERE ${conditions.join(' AND ')}${visible}`,
      params.values,
    );
    const own = new Set(rows.map((row) => row.id));
    return {
      ids: ids.filter((id) => own.has(id)),
      failed: ids
        .filter((id) => !own.has(id))
        .map((id) => ({ id, ...notFoundReason(declaration.label) })),
    };
  }

  /** Fixes the parent column of a write body. */
  const assign = <T extends Record<string, unknown>>(values: T, parentId: string | null): T =>
    scope ? { ...values, [scope.column]: parentId } : values;

  return { scope, paramsShape, basePath, parentOf, belongs, within, assign };
}
