import { idsBodySchema, type BulkFailure } from '@fieldwork/contract';
import { z } from 'zod';
import { recordAudit } from '../../audit';
import { conflict, forbidden, notFound, validationFailure } from '../../errors';
import type { AppError } from '../../errors';
import type { OrganisationContext } from '../../http/context';
import type { RouteDef } from '../../http/route';
import type { ActionDeclaration, ActionRefusal } from '../declaration';
import { Params, quote } from '../sql';
import { bulkResult, verbKit, type VerbKit } from './kit';
import type { ResourceDeclaration } from '../declaration';

/** A bulk failure as the error a one-record call answers. */
export function failureError(
  label: string,
  failure: BulkFailure,
  wrongStatus: 409 | 422 = 409,
  /** The body field an `invalid` failure is about (default id). */
  field = 'id',
): AppError {
  switch (failure.code) {
    case 'not_allowed_from_status':
      return wrongStatus === 422
        ? validationFailure([{ field: 'status', message: failure.reason, code: failure.code }])
        : conflict(failure.reason, failure.code);
    case 'not_found':
      return notFound(label);
    case 'not_permitted':
      return forbidden(failure.reason, failure.code);
    case 'invalid':
      return validationFailure([{ field, message: failure.reason, code: failure.code }]);
    default:
      return conflict(failure.reason, failure.code);
  }
}

/**
 * Runs one declared action over a set of ids: every check is one statement over the whole set
 * and every id is answered, done or failed with its reason.
 */
export function actionRunner(kit: VerbKit, action: ActionDeclaration) {
  const { declaration, read } = kit;
  const status = action.statusColumn ?? 'status';
  const label = declaration.label.toLowerCase();

  return async function run(
    ctx: OrganisationContext,
    parentId: string | null,
    ids: string[],
    body: Record<string, unknown>,
  ): Promise<{ done: string[]; failed: BulkFailure[]; fields: Map<string, string> }> {
    const failed: BulkFailure[] = [];
    const fields = new Map<string, string>();
    const allowed = await kit.allowed(ctx, parentId, [...new Set(ids)], action.name);
    failed.push(...allowed.failed);
    const rows = await read.findMany(ctx, allowed.ids);
    const from = action.from;
    const ready = rows.filter((row) => {
      if (!from || from.includes(String(row[status]))) return true;
      failed.push({
        id: row.id,
        reason: `A ${label} that is ${String(row[status])} cannot be ${action.past}.`,
        code: 'not_allowed_from_status',
      });
      return false;
    });
    const invalid = action.validate
      ? await action.validate(ctx, ready, body)
      : new Map<string, string | ActionRefusal>();
    for (const [id, why] of invalid) {
      if (typeof why !== 'string') fields.set(id, why.field);
      failed.push({ id, reason: typeof why === 'string' ? why : why.reason, code: 'invalid' });
    }
    const candidates = ready.map((row) => row.id).filter((id) => !invalid.has(id));

    const done = candidates.length ? await transition(ctx, candidates, body) : [];
    const changed = new Set(done);
    for (const id of candidates.filter((id) => !changed.has(id))) {
      failed.push({
        id,
        reason: `This ${label} was changed by someone else meanwhile; reload it and try again.`,
        code: 'conflict',
      });
    }
    if (done.length) {
      await action.after?.(ctx, done, body);
      await recordAudit(ctx, declaration.name, done, action.audit, {
        ...action.sets,
        ...(Object.keys(body).length ? { input: body } : {}),
      });
    }
    const order = new Map(ids.map((id, index) => [id, index]));
    failed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { done: ids.filter((id) => changed.has(id)), failed, fields };
  };

  /**
   * One UPDATE that re-checks the status it starts from: of two transactions acting on one row
   * at once, the second waits for the first and then no longer matches, so it changes nothing.
   */
  async function transition(
    ctx: OrganisationContext,
    ids: string[],
    body: Record<string, unknown>,
  ) {
    const params = new Params();
    const assignments = [
      ...Object.entries(action.setsFrom?.(ctx, body) ?? {}).map(
        ([c, v]) => `${quote(c)} = ${params.add(v)}`,
      ),
      ...(action.setsFromBody ?? []).map((c) => `${quote(c)} = ${params.add(body[c] ?? null)}`),
      ...Object.entries(action.sets ?? {}).map(([c, v]) => `${quote(c)} = ${params.add(v)}`),
      ...Object.entries(action.setsSql ?? {}).map(([c, sql]) => `${quote(c)} = ${sql}`),
      'updated_at = now()',
    ];
    const conditions = [
      `t.organisation_id = ${params.add(ctx.organisationId)}`,
      `t.id = ANY(${params.add(ids)}::text[])`,
    ];
    if (action.from)
      conditions.push(`t.${quote(status)} = ANY(${params.add(action.from)}::text[])`);
    const { rows } = await ctx.db.query<{ id: string }>(
      `UPDATE ${declaration.table} t SET ${assignments.join(', ')}
        WHERE ${conditions.join(' AND ')} RETURNING t.id`,
      params.values,
    );
    return rows.map((row) => row.id);
  }
}

/** Every declared action as its one-record and _many routes. */
export function actionRoutes(kit: VerbKit): RouteDef[] {
  const { declaration } = kit;
  return (declaration.actions ?? []).flatMap((action) => {
    const run = actionRunner(kit, action);
    const extra = action.body ?? z.object({});
    const summary = action.summary ?? `${action.name} a ${declaration.label.toLowerCase()}`;
    const from = action.from ? ` (from ${action.from.join(', ')})` : '';
    return [
      ...kit.writeRoutes(
        ['POST'],
        {
          path: `${kit.basePath}/:id/${action.name}`,
          summary: `${summary}${from}`,
          params: kit.idParams,
          body: extra.optional(),
          response: kit.one,
          handler: async (ctx, { params, body }) => {
            const parentId = await kit.parentOf(ctx, params);
            const { failed, fields } = await run(ctx, parentId, [params.id], body ?? {});
            if (failed[0]) {
              const field = fields.get(failed[0].id);
              throw failureError(declaration.label, failed[0], action.wrongStatus, field);
            }
            return { data: await kit.loadOne(ctx, params.id, parentId) };
          },
        },
        action.name,
      ),
      ...kit.writeRoutes(
        ['POST'],
        {
          path: `${kit.basePath}/${action.name}_many`,
          summary: `${summary}, several at once; answers which were ${action.past} and why others were not`,
          params: kit.collectionParams,
          body: idsBodySchema.extend(extra.shape),
          response: bulkResult(action.past),
          handler: async (ctx, { params, body }) => {
            const { ids, ...rest } = body as { ids: string[] } & Record<string, unknown>;
            const { done, failed } = await run(ctx, await kit.parentOf(ctx, params), ids, rest);
            return { [action.past]: done, failed };
          },
        },
        action.name,
      ),
    ];
  });
}

/**
 * A declared action run over ids from elsewhere (e.g. one call that saves then submits, or a
 * parent's action acting on its children), with the same checks and per-id answers as its routes.
 */
export function declaredAction(declaration: ResourceDeclaration, name: string) {
  const action = declaration.actions?.find((candidate) => candidate.name === name);
  if (!action) throw new Error(`${declaration.name} declares no action ${name}`);
  return actionRunner(verbKit(declaration), action);
}
