import { idSchema, type BulkFailure } from '@fieldwork/contract';
import { notFound } from '../errors';
import type { OrganisationContext } from '../http/context';
import type { ResourceDeclaration, Row } from './declaration';
import { hasVisibility, keyIn, keySql, Params, quote, visibilitySql } from './sql';
import { notFoundReason } from './writer';

/**
 * Where a declared resource is served, and how a call under a parent (e.g. /projects/{projectId}/
 * location_statuses) is held to that parent's rows. Top-level resources pass through unchanged.
 */
export function resourceScope(declaration: ResourceDeclaration) {
  const scope = declaration.scope;
  const under = scope?.under;
  const paramsShape = {
    ...(under ? { [under.param]: idSchema } : {}),
    ...(scope ? { [scope.param]: idSchema } : {}),
  };
  const basePath = scope
    ? `${under ? `/${under.path}/:${under.param}` : ''}/${scope.path}/:${scope.param}/${declaration.name}`
    : `/${declaration.name}`;

  /**
   * The parent's id after checking it is this organisation's and usable (and, under a
   * grandparent, that grandparent's: another form's section is "not found"); null when top-level.
   */
  async function parentOf(ctx: OrganisationContext, params: unknown): Promise<string | null> {
    if (!scope) return null;
    const given = params as Record<string, string>;
    const parentId = given[scope.param]!;
    const values: unknown[] = [ctx.organisationId, parentId];
    let condition = scope.live ? ` AND ${scope.live}` : '';
    if (under) {
      const { rows } = await ctx.db.query(
        `SELECT 1 FROM ${under.table} p WHERE p.organisation_id = $1 AND p.id = $2${under.live ? ` AND ${under.live}` : ''}`,
        [ctx.organisationId, given[under.param]],
      );
      if (!rows[0]) throw notFound(under.label);
      condition += ` AND p.${quote(under.column)} = $${values.push(given[under.param])}`;
    }
    const { rows } = await ctx.db.query(
      `SELECT 1 FROM ${scope.table} p WHERE p.organisation_id = $1 AND p.id = $2${condition}`,
      values,
    );
    if (!rows[0]) throw notFound(scope.label);
    return parentId;
  }

  /** Rows of other parents read as "not found", exactly like other organisations' rows. */
  const belongs = (row: Row | undefined, parentId: string | null) =>
    row !== undefined && (!scope || row[scope.column] === parentId);

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
