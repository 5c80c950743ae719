import { idsBodySchema } from '@fieldwork/contract';
import { z } from 'zod';
import type { OrganisationContext } from '../../http/context';
import type { RouteDef } from '../../http/route';
import type { ActionDeclaration, ActionRefusal } from '../declaration';
import { forbidden as forbiddenError } from '../../errors';
import { keyIn, keySql, Params, quote } from '../sql';
import { notFoundReason, type AuditedRow } from '../writer';
import { bulkResult, verbKit, type VerbKit } from './kit';
import { planRunner } from './plan';
import { actionFailures, startsFrom, type ActionOutcome } from './refusals';

export { failureError } from './failure';
import type { ResourceDeclaration } from '../declaration';

/**
 * Runs one declared action over a set of ids: every check is one statement over the whole set
 * and every id is answered, done or failed with its reason.
 */
export function actionRunner(kit: VerbKit, action: ActionDeclaration) {
  const { declaration, read, write } = kit;
  const status = action.statusColumn ?? 'status';
  const label = declaration.label.toLowerCase();

  return async function run(
    ctx: OrganisationContext,
    parentId: string | null,
    ids: string[],
    body: Record<string, unknown>,
  ): Promise<ActionOutcome> {
    const { failed, refuse, outcome } = actionFailures();
    const allowed = await kit.allowed(ctx, parentId, ids, action.name);
    failed.push(...allowed.failed);
    const rows = await read.findMany(ctx, allowed.ids);
    const found = new Set(rows.map((row) => row.id));
    for (const id of allowed.ids)
      if (!found.has(id)) failed.push({ id, ...notFoundReason(declaration.label) });
    const ready = rows.filter(startsFrom(action, label, failed));
    const invalid = action.validate
      ? await action.validate(ctx, ready, body)
      : new Map<string, string | ActionRefusal>();
    for (const [id, why] of invalid) refuse(id, why);
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
    return outcome(changed, { ids, keys: allowed.keys });
  };

  /**
   * One UPDATE that re-checks the status it starts from: of two transactions acting on one row
   * at once, the second waits for the first and then no longer matches, so it changes nothing.
   * Audited in the same statement's terms: each row with its image as it was.
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
    const organisation = params.add(ctx.organisationId);
    const conditions = [`t.organisation_id = ${organisation}`, keyIn(declaration, params, ids)];
    if (action.from)
      conditions.push(`t.${quote(status)} = ANY(${params.add(action.from)}::text[])`);
    const { rows } = await ctx.db.query<AuditedRow>(
      `WITH audit_before AS (SELECT b.id AS audit_id, to_jsonb(b) AS audit_before_image
                               FROM ${declaration.table} b
                              WHERE b.organisation_id = ${organisation} AND ${keyIn(declaration, params, ids, 'b')})
       UPDATE ${declaration.table} t SET ${assignments.join(', ')} FROM audit_before
        WHERE t.id = audit_id AND ${conditions.join(' AND ')}
       RETURNING ${keySql(declaration)} AS id, t.id AS row_id, audit_before_image`,
      params.values,
    );
    if (rows.length) {
      const done = rows.map((row) => row.id);
      await action.after?.(ctx, done, body);
      await write.audit(ctx, rows, action.audit, {
        ...action.sets,
        ...(Object.keys(body).length ? { input: body } : {}),
      });
    }
    return rows.map((row) => row.id);
  }
}

/** Runs an action over ids sharing one body: planned actions through their plan. */
function runnerOf(kit: VerbKit, action: ActionDeclaration) {
  if (!planned(action)) return actionRunner(kit, action);
  const runItems = planRunner(kit, action);
  return (
    ctx: OrganisationContext,
    parentId: string | null,
    ids: string[],
    body: Record<string, unknown>,
  ) =>
    runItems(
      ctx,
      parentId,
      ids.map((id) => ({ id, body })),
    );
}

/** Actions with a plan, or whose ids each carry a body, run through the plan step. */
const planned = (action: ActionDeclaration) => Boolean(action.plan ?? action.many);

/** Every declared action as its one-record and _many routes. */
export function actionRoutes(kit: VerbKit): RouteDef[] {
  const { declaration } = kit;
  return (declaration.actions ?? []).flatMap((action) => {
    const run = runnerOf(kit, action);
    const extra = action.body ?? z.object({});
    const summary = action.summary ?? `${action.name} a ${declaration.label.toLowerCase()}`;
    const from = action.from ? ` (from ${action.from.join(', ')})` : '';
    return [
      ...kit.writeRoutes(
        action.methods ?? ['POST'],
        {
          path: `${kit.basePath}/:id/${action.segment ?? action.name}`,
          summary: `${summary}${from}`,
          params: kit.idParams,
          body: action.body && !action.body.safeParse({}).success ? extra : extra.optional(),
          response: action.answer?.schema ?? kit.one,
          ...(action.noApiKeys ? { noApiKeys: true } : {}),
          handler: async (ctx, { params, body }) => {
            const parentId = await kit.parentOf(ctx, params);
            const { done, failed, fields, forbidden } = await run(
              ctx,
              parentId,
              [params.id],
              body ?? {},
            );
            const failure = failed[0];
            if (failure) {
              if (forbidden.has(failure.id)) throw forbiddenError(failure.reason, failure.code);
              throw kit.fail(failure, action.wrongStatus, fields.get(failure.id));
            }
            const id = done[0] ?? params.id;
            if (action.answer) return { data: await action.answer.load(ctx, id) };
            return { data: await kit.loadOne(ctx, id, parentId) };
          },
        },
        action.name,
      ),
      ...manyRoutes(kit, action, summary),
    ];
  });
}

/** POST /{name}/{action}_many: ids sharing one body, or (`many`) each with its own. */
function manyRoutes(kit: VerbKit, action: ActionDeclaration, summary: string): RouteDef[] {
  const many = action.many;
  if (many === false) return [];
  const extra = action.body ?? z.object({});
  if (many) {
    const runItems = planRunner(kit, action);
    return kit.writeRoutes(
      action.manyMethods ?? ['POST'],
      {
        path: `${kit.basePath}/${action.name}_many`,
        summary:
          many.summary ??
          `${summary}, several at once; answers which were ${action.past} and why others were not`,
        params: kit.collectionParams,
        body: many.body,
        response: many.response,
        ...(action.noApiKeys ? { noApiKeys: true } : {}),
        handler: async (ctx, { params, body }) => {
          const list = (body as Record<string, Array<{ id: string }>>)[many.list] ?? [];
          const items = list.map(({ id, ...rest }) => ({ id, body: rest }));
          const { done, failed } = await runItems(ctx, await kit.parentOf(ctx, params), items);
          return { [action.past]: done, failed };
        },
      },
      action.name,
    );
  }
  const run = runnerOf(kit, action);
  return kit.writeRoutes(
    action.manyMethods ?? ['POST'],
    {
      path: `${kit.basePath}/${action.name}_many`,
      summary: `${summary}, several at once; answers which were ${action.past} and why others were not`,
      params: kit.collectionParams,
      body: idsBodySchema.extend(extra.shape),
      response: bulkResult(action.past),
      ...(action.noApiKeys ? { noApiKeys: true } : {}),
      handler: async (ctx, { params, body }) => {
        const { ids, ...rest } = body as { ids: string[] } & Record<string, unknown>;
        const { done, failed } = await run(ctx, await kit.parentOf(ctx, params), ids, rest);
        return { [action.past]: done, failed };
      },
    },
    action.name,
  );
}

/**
 * A declared action run over ids from elsewhere (e.g. one call that saves then submits, or a
 * parent's action acting on its children), with the same checks and per-id answers as its routes.
 */
export function declaredAction(declaration: ResourceDeclaration, name: string) {
  const action = declaration.actions?.find((candidate) => candidate.name === name);
  if (!action) throw new Error(`${declaration.name} declares no action ${name}`);
  return runnerOf(verbKit(declaration), action);
}

/** A declared action run over ids from elsewhere, each id with its own body (its plan's). */
export function declaredItemsAction(declaration: ResourceDeclaration, name: string) {
  const action = declaration.actions?.find((candidate) => candidate.name === name);
  if (!action) throw new Error(`${declaration.name} declares no action ${name}`);
  return planRunner(verbKit(declaration), action);
}
