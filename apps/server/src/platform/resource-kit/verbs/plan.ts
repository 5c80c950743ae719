import { recordAuditEntries } from '../../audit';
import type { OrganisationContext } from '../../http/context';
import { newId } from '../../ids';
import type { ActionChange, ActionDeclaration, ActionPlan, ActionRefusal } from '../declaration';
import { keyIn, keySql, Params, quote } from '../sql';
import { notFoundReason } from '../writer';
import type { VerbKit } from './kit';
import { actionFailures, startsFrom, type ActionOutcome } from './refusals';

/** One id of an action call with its own body. */
export interface ActionItem {
  id: string;
  body: Record<string, unknown>;
}

/** A row as it was when the action read it: its version (xmin) guards the write. */
interface Version {
  id: string;
  row_id: string;
  version: string;
  image: Record<string, unknown>;
}

/** A row the plan changes, with all the write needs. */
interface Planned {
  id: string;
  version: Version;
  body: Record<string, unknown>;
  change: ActionChange;
}

const isRefusal = (plan: ActionChange | ActionRefusal | string): plan is ActionRefusal | string =>
  typeof plan === 'string' || 'reason' in plan;

/**
 * Runs a declared action whose ids each carry a body: the kit finds the rows (visible, the
 * parent's, permitted, in a status the action starts from, valid), the action's plan says what
 * each becomes or why it may not, and the kit writes every change in one statement per table.
 * The UPDATE re-checks each row's version (xmin), so a row changed by anyone between the read and
 * the write is answered as a conflict and the plan never acts on a state it did not see. Each
 * changed row gets an audit entry with its image before and after.
 */
export function planRunner(kit: VerbKit, action: ActionDeclaration) {
  const { declaration, read } = kit;
  const { table } = declaration;
  const collection = declaration.auditCollection ?? declaration.name;
  const label = declaration.label.toLowerCase();
  const meanwhile =
    action.meanwhile ??
    `This ${label} was changed by someone else meanwhile; reload it and try again.`;

  return async function runItems(
    ctx: OrganisationContext,
    parentId: string | null,
    items: ActionItem[],
  ): Promise<ActionOutcome> {
    const { failed, refuse, outcome } = actionFailures();
    // An id sent twice is acted on once, with its last body.
    const given = new Map(items.map((item) => [item.id, item.body]));
    const ids = [...given.keys()];
    const allowed = await kit.allowed(ctx, parentId, ids, action.name);
    failed.push(...allowed.failed);
    const bodies = new Map(ids.map((id, index) => [allowed.keys[index]!, given.get(id)!]));
    // Versions first: a change committed after this read fails the write, never goes unseen.
    const versions = await versionsOf(ctx, allowed.ids);
    const rows = await read.findMany(ctx, allowed.ids);
    const found = new Set(rows.map((row) => row.id));
    for (const id of allowed.ids)
      if (!found.has(id) || !versions.has(id))
        failed.push({ id, ...notFoundReason(declaration.label) });
    const fromStatus = startsFrom(action, label, failed);
    let ready = rows.filter((row) => versions.has(row.id) && fromStatus(row));
    if (action.validate && ready.length) {
      const invalid = await action.validate(ctx, ready, bodies.get(ready[0]!.id) ?? {});
      for (const [id, why] of invalid) refuse(id, why);
      ready = ready.filter((row) => !invalid.has(row.id));
    }
    const plans: Awaited<ReturnType<ActionPlan>> =
      action.plan && ready.length
        ? await action.plan(ctx, ready, bodies)
        : new Map<string, ActionChange>();
    const planned: Planned[] = [];
    for (const row of ready) {
      const plan = plans.get(row.id) ?? {};
      if (isRefusal(plan)) refuse(row.id, plan);
      else
        planned.push({
          id: row.id,
          version: versions.get(row.id)!,
          body: bodies.get(row.id) ?? {},
          change: plan,
        });
    }

    const changed = new Set(planned.length ? await apply(ctx, planned) : []);
    for (const { id } of planned)
      if (!changed.has(id)) failed.push({ id, reason: meanwhile, code: 'conflict' });
    return outcome(changed, { ids, keys: allowed.keys });
  };

  async function versionsOf(ctx: OrganisationContext, ids: string[]) {
    if (!ids.length) return new Map<string, Version>();
    const params = new Params();
    const { rows } = await ctx.db.query<Version>(
      `SELECT ${keySql(declaration)} AS id, t.id AS row_id, t.xmin::text AS version,
              to_jsonb(t) AS image
         FROM ${table} t
        WHERE t.organisation_id = ${params.add(ctx.organisationId)}
          AND ${keyIn(declaration, params, ids)}`,
      params.values,
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * One UPDATE for every planned row: each column a plan sets (typed through the table's row
   * type), else the SQL its plan or the action names, else unchanged. Then the child rows and
   * the audit entries of the rows it changed. Answers the record ids changed.
   */
  async function apply(ctx: OrganisationContext, planned: Planned[]) {
    const params = new Params();
    const organisation = params.add(ctx.organisationId);
    const fragments = new Map<string, string[]>();
    const perRow = planned.map(({ version, body, change }) => {
      const values = {
        ...action.setsFrom?.(ctx, body),
        ...Object.fromEntries((action.setsFromBody ?? []).map((c) => [c, body[c] ?? null])),
        ...action.sets,
        ...change.sets,
      };
      const sql: Record<string, number> = {};
      for (const [column, text] of Object.entries(change.setsSql ?? {})) {
        const list = fragments.get(column) ?? [];
        if (!list.includes(text)) list.push(text);
        fragments.set(column, list);
        sql[column] = list.indexOf(text);
      }
      return { id: version.row_id, version: version.version, v: values, s: sql };
    });
    const columns = new Set([
      ...perRow.flatMap((row) => Object.keys(row.v)),
      ...fragments.keys(),
      ...Object.keys(action.setsSql ?? {}),
    ]);
    const typed = `(jsonb_populate_record(NULL::${table}, x.v))`;
    const assignments = [...columns].map((column) => {
      const name = params.add(column);
      const whens = [
        `WHEN x.v ? ${name} THEN ${typed}.${quote(column)}`,
        ...(fragments.get(column) ?? []).map(
          (sql, index) => `WHEN (x.s->>${name})::int = ${index} THEN ${sql}`,
        ),
      ];
      const otherwise = action.setsSql?.[column] ?? `t.${quote(column)}`;
      return `${quote(column)} = CASE ${whens.join(' ')} ELSE ${otherwise} END`;
    });
    const { rows } = await ctx.db.query<{ id: string; row_id: string; after_image: unknown }>(
      `UPDATE ${table} t SET ${[...assignments, 'updated_at = now()'].join(', ')}
         FROM jsonb_to_recordset(${params.add(JSON.stringify(perRow))}::jsonb)
              AS x (id text, version text, v jsonb, s jsonb)
        WHERE t.organisation_id = ${organisation} AND t.id = x.id AND t.xmin::text = x.version
       RETURNING ${keySql(declaration)} AS id, t.id AS row_id, to_jsonb(t) AS after_image`,
      params.values,
    );
    const after = new Map(rows.map((row) => [row.id, row.after_image]));
    const done = planned.filter((item) => after.has(item.id));
    if (!done.length) return [];
    await writeChildren(
      ctx,
      done.map((item) => item.change),
    );
    await action.after?.(
      ctx,
      done.map((item) => item.id),
      done[0]!.body,
    );
    await recordAuditEntries(
      ctx,
      collection,
      action.audit,
      done.map(({ id, version, body, change }) => ({
        documentId: version.row_id,
        changes:
          change.changes !== undefined
            ? change.changes
            : { ...action.sets, ...(Object.keys(body).length ? { input: body } : {}) },
        before: version.image,
        after: after.get(id),
      })),
    );
    return done.map((item) => item.id);
  }
}

/** The plans' child rows: one UPDATE per table and set of columns, one INSERT per table. */
async function writeChildren(ctx: OrganisationContext, changes: ActionChange[]) {
  const updates = new Map<string, Record<string, unknown>[]>();
  for (const update of changes.flatMap((change) => change.updates ?? [])) {
    const key = JSON.stringify([update.table, Object.keys(update.sets).sort()]);
    updates.set(key, [...(updates.get(key) ?? []), { ...update.sets, id: update.id }]);
  }
  for (const [key, rows] of updates) {
    const [childTable, columns] = JSON.parse(key) as [string, string[]];
    await ctx.db.query(
      `UPDATE ${childTable} c SET ${columns.map((c) => `${quote(c)} = x.${quote(c)}`).join(', ')}
         FROM jsonb_populate_recordset(NULL::${childTable}, $2::jsonb) x
        WHERE c.organisation_id = $1 AND c.id = x.id`,
      [ctx.organisationId, JSON.stringify(rows)],
    );
  }
  const inserts = new Map<string, Record<string, unknown>[]>();
  for (const insert of changes.flatMap((change) => change.inserts ?? []))
    inserts.set(insert.table, [
      ...(inserts.get(insert.table) ?? []),
      { id: newId(), ...insert.values },
    ]);
  for (const [childTable, rows] of inserts) {
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].map(quote);
    await ctx.db.query(
      `INSERT INTO ${childTable} (organisation_id, ${columns.join(', ')})
       SELECT $1, ${columns.map((c) => `x.${c}`).join(', ')}
         FROM jsonb_populate_recordset(NULL::${childTable}, $2::jsonb) x`,
      [ctx.organisationId, JSON.stringify(rows)],
    );
  }
}
