import { ROLE_RANK, type BulkFailure, type Role } from '@fieldwork/contract';
import type { OrganisationContext } from '../http/context';
import type { ResourceDeclaration } from './declaration';
import { Params, quote } from './sql';

/**
 * Who may take one action on a resource's records: every record from `role` up; below that,
 * from `rule.role` up, only the records matching `rule.sql` (a condition over the row alias `t`,
 * e.g. "assigned to the caller", "a project the caller may edit"). Checked over the whole id set
 * of a request in one statement, never row by row.
 */
export interface PolicyEntry {
  role: Role;
  rule?: {
    role: Role;
    /** For docs/permissions.md, e.g. "only jobs assigned to them". */
    note: string;
    sql(ctx: OrganisationContext, params: Params): string;
  };
}

/** Action (a verb such as update or delete, or a declared action such as start) → who may. */
export type Policy = Record<string, PolicyEntry>;

export const notPermittedReason = (label: string, action: string) => ({
  reason: `You may not ${action.replace(/_/g, ' ')} this ${label.toLowerCase()}.`,
  code: 'not_permitted',
});

const VERB_ACTIONS: Array<[string, (d: ResourceDeclaration) => boolean]> = [
  ['update', (d) => d.verbs.includes('update')],
  ['delete', (d) => d.verbs.includes('delete') || d.verbs.includes('delete_many')],
  ['archive', (d) => d.verbs.includes('archive') || d.verbs.includes('archive_many')],
  ['restore', (d) => d.verbs.includes('restore') || d.verbs.includes('restore_many')],
  ['duplicate', (d) => d.verbs.includes('duplicate') || d.verbs.includes('duplicate_many')],
  ['move', (d) => d.verbs.includes('move') || d.verbs.includes('move_many')],
];

/**
 * The whole table of a resource: its declared policy over defaults (the write role for each
 * verb it serves, a declared action's own role), so every action has exactly one entry.
 */
export function policyTable(declaration: ResourceDeclaration): Policy {
  const table: Policy = {};
  for (const [action, served] of VERB_ACTIONS)
    if (served(declaration)) table[action] = { role: declaration.access.write };
  if (declaration.forceDelete)
    table.force_delete = { role: declaration.access.forceDelete ?? declaration.access.write };
  for (const action of declaration.actions ?? [])
    table[action.name] = { role: action.role ?? declaration.access.write };
  return { ...table, ...declaration.policy };
}

const atLeast = (ctx: OrganisationContext, role: Role) =>
  ROLE_RANK[ctx.membership.role] >= ROLE_RANK[role];

/** The least role that may call an action's route at all (the record rule decides the rest). */
export function leastRole(entry: PolicyEntry): Role {
  const rule = entry.rule;
  return rule && ROLE_RANK[rule.role] < ROLE_RANK[entry.role] ? rule.role : entry.role;
}

/** One line for docs/permissions.md, e.g. "start: MANAGER; OPERATIVE only jobs assigned to them". */
export function describeEntry(action: string, entry: PolicyEntry): string {
  const rule = entry.rule ? `; ${entry.rule.role} ${entry.rule.note}` : '';
  return `${action}: ${entry.role}${rule}`;
}

export function policyOf(declaration: ResourceDeclaration) {
  const table = policyTable(declaration);
  const { label } = declaration;

  /** For the caller: true (every record), false (none) or SQL naming the records it may act on. */
  function reach(ctx: OrganisationContext, action: string, params: Params): boolean | string {
    const entry = table[action];
    if (!entry) return true;
    if (atLeast(ctx, entry.role)) return true;
    if (entry.rule && atLeast(ctx, entry.rule.role)) return entry.rule.sql(ctx, params);
    return false;
  }

  /** Splits ids into those the caller may act on and not-permitted failures, in one statement. */
  async function permitted(ctx: OrganisationContext, action: string, ids: string[]) {
    const params = new Params();
    const allowed = reach(ctx, action, params);
    if (allowed === true || ids.length === 0) return { ids, failed: [] as BulkFailure[] };
    let own = new Set<string>();
    if (allowed !== false) {
      const { rows } = await ctx.db.query<{ id: string }>(
        `SELECT t.id FROM ${declaration.table} t
          WHERE t.organisation_id = ${params.add(ctx.organisationId)}
            AND t.id = ANY(${params.add(ids)}::text[]) AND (${allowed})`,
        params.values,
      );
      own = new Set(rows.map((row) => row.id));
    }
    return {
      ids: ids.filter((id) => own.has(id)),
      failed: ids
        .filter((id) => !own.has(id))
        .map((id) => ({ id, ...notPermittedReason(label, action) })),
    };
  }

  /** What the caller may do with each record: one query per page, only for rule-bound actions. */
  async function permissionsOf(ctx: OrganisationContext, ids: string[]) {
    const params = new Params();
    const fixed: Record<string, boolean> = {};
    const columns: string[] = [];
    for (const action of Object.keys(table)) {
      const allowed = reach(ctx, action, params);
      if (typeof allowed === 'boolean') fixed[action] = allowed;
      else columns.push(`coalesce((${allowed}), false) AS ${quote(action)}`);
    }
    const byId = new Map<string, Record<string, boolean>>();
    if (columns.length && ids.length) {
      const { rows } = await ctx.db.query<Record<string, boolean> & { id: string }>(
        `SELECT t.id, ${columns.join(', ')} FROM ${declaration.table} t
          WHERE t.organisation_id = ${params.add(ctx.organisationId)}
            AND t.id = ANY(${params.add(ids)}::text[])`,
        params.values,
      );
      for (const { id, ...flags } of rows) byId.set(id, flags);
    }
    return (id: string): Record<string, boolean> => ({ ...fixed, ...byId.get(id) });
  }

  return { table, permitted, permissionsOf };
}

export type PolicyCheck = ReturnType<typeof policyOf>;
