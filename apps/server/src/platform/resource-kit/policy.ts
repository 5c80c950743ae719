import { ROLE_RANK, type BulkFailure, type Role } from '@fieldwork/contract';
import type { OrganisationContext } from '../http/context';
import { ofParent, parentOf, underParent } from './children';
import type { ResourceDeclaration } from './declaration';
import { keyIn, keySql, Params, quote, visibilitySql } from './sql';

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
  /**
   * Records nobody may take the action on, whatever their role, while they are in some state
   * (e.g. a submitted job sheet's photos, the caller's own membership): SQL over the row alias
   * `t` answering why (text) for a locked record, NULL otherwise. Refused with the lock's code
   * (default `not_allowed_from_status`, a one-record call's 422; a `forbidden` lock's is a 403);
   * the record's `permissions` say false meanwhile. Several locks: the first that holds answers.
   */
  lock?: PolicyLock | PolicyLock[];
}

export interface PolicyLock {
  /** For docs/permissions.md, e.g. "while its sheet is submitted, approved or cancelled". */
  note: string;
  reasonSql(params: Params, ctx: OrganisationContext): string;
  /** The failure's code, e.g. "own_membership" (default not_allowed_from_status). */
  code?: string;
  /** A one-record call answers 403 rather than 422. */
  forbidden?: boolean;
}

const locksOf = (entry: PolicyEntry | undefined): PolicyLock[] =>
  entry?.lock ? (Array.isArray(entry.lock) ? entry.lock : [entry.lock]) : [];

/** The first lock's reason and code as one text (code, tab, reason), NULL when none holds. */
function lockSql(locks: PolicyLock[], params: Params, ctx: OrganisationContext): string {
  if (!locks.length) return 'NULL::text';
  const cases = locks.map((lock) => {
    const reason = `(${lock.reasonSql(params, ctx)})`;
    return `WHEN ${reason} IS NOT NULL THEN ${params.add(`${lock.code ?? 'not_allowed_from_status'}\t`)} || ${reason}`;
  });
  return `CASE ${cases.join(' ')} END`;
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
  const lock = locksOf(entry)
    .map((item) => `; nobody ${item.note}`)
    .join('');
  return `${action}: ${entry.role}${rule}${lock}`;
}

/**
 * docs/permissions.md's record-state rules of a resource: each declared action with the statuses
 * it starts from, and each lock of its policy (whatever the caller's role).
 */
export function stateRules(
  declaration: ResourceDeclaration,
): Array<[action: string, rule: string]> {
  const starts = (declaration.actions ?? []).flatMap((action): Array<[string, string]> =>
    action.from
      ? [[action.name, `only from ${action.statusColumn ?? 'status'} ${action.from.join(', ')}`]]
      : [],
  );
  const locks = Object.entries(policyTable(declaration)).flatMap(([action, entry]) =>
    locksOf(entry).map((lock): [string, string] => [action, `nobody ${lock.note}`]),
  );
  return [...starts, ...locks];
}

export function policyOf(declaration: ResourceDeclaration) {
  const table = policyTable(declaration);
  const { label } = declaration;

  // A child (a sheet's photo) is written only by whoever may update its parent: the parent's
  // rule and locks join each of the child's own entries. Read lazily: the two may import each other.
  let parentPolicy:
    { check: PolicyCheck; resource: ResourceDeclaration; column: string } | null | undefined;
  const parentCheck = (): typeof parentPolicy => {
    if (parentPolicy === undefined) {
      const parent = parentOf(declaration);
      parentPolicy = parent && { ...parent, check: policyOf(parent.resource) };
    }
    return parentPolicy;
  };

  /** For the caller: true (every record), false (none) or SQL naming the records it may act on. */
  function reach(ctx: OrganisationContext, action: string, params: Params): boolean | string {
    const entry = table[action];
    if (!entry) return true;
    let own: boolean | string = false;
    if (atLeast(ctx, entry.role)) own = true;
    else if (entry.rule && atLeast(ctx, entry.rule.role)) own = entry.rule.sql(ctx, params);
    const parent = parentCheck();
    if (own === false || !parent) return own;
    const up = parent.check.reach(ctx, 'update', params);
    if (typeof up === 'boolean') return up && own;
    const under = underParent(parent.resource, parent.column, up);
    return own === true ? under : `(${own}) AND ${under}`;
  }

  /** The action's locks: its own first (their reasons name the child), then its parent's update's. */
  function locksFor(action: string): PolicyLock[] {
    const own = locksOf(table[action]);
    const parent = parentCheck();
    if (!table[action] || !parent) return own;
    const inherited = parent.check.locksFor('update').map((lock) => ({
      ...lock,
      reasonSql: (params: Params, ctx: OrganisationContext) =>
        ofParent(parent.resource, parent.column, lock.reasonSql(params, ctx)),
    }));
    return [...own, ...inherited];
  }

  /**
   * Splits ids into those the caller may act on, not-permitted failures and locked records
   * (the lock's reason), in one statement.
   */
  async function permitted(ctx: OrganisationContext, action: string, ids: string[]) {
    const params = new Params();
    const allowed = reach(ctx, action, params);
    const locks = locksFor(action);
    if ((allowed === true && !locks.length) || ids.length === 0)
      return { ids, failed: [] as BulkFailure[] };
    const notPermitted = (id: string) => ({ id, ...notPermittedReason(label, action) });
    if (allowed === false) return { ids: [], failed: ids.map(notPermitted) };
    const { rows } = await ctx.db.query<{ id: string; may: boolean; locked: string | null }>(
      `SELECT ${keySql(declaration)} AS id, coalesce((${allowed === true ? 'true' : allowed}), false) AS may,
              ${lockSql(locks, params, ctx)} AS locked
         FROM ${declaration.table} t
        WHERE t.organisation_id = ${params.add(ctx.organisationId)}
          AND ${keyIn(declaration, params, ids)}`,
      params.values,
    );
    // Records that are not there are "not found" (a later step says so), never "not permitted".
    const found = new Map(rows.map((row) => [row.id, row]));
    const own = new Map<string, string | null>();
    const failed: BulkFailure[] = [];
    for (const id of ids) {
      const row = found.get(id);
      if (!row) own.set(id, null);
      else if (!row.may) failed.push(notPermitted(id));
      else if (row.locked !== null) {
        const [code, ...reason] = row.locked.split('\t');
        failed.push({ id, reason: reason.join('\t'), code: code! });
      } else own.set(id, null);
    }
    return { ids: ids.filter((id) => own.get(id) === null), failed };
  }

  const startsFrom = new Map(
    (declaration.actions ?? []).flatMap((action) => (action.from ? [[action.name, action]] : [])),
  );

  /**
   * What the caller may do with each record now: their role or the record rule, and for a
   * declared action the status it starts from, so the web app copies neither. One query per
   * page, only when some answer depends on the row.
   */
  async function permissionsOf(ctx: OrganisationContext, ids: string[]) {
    const params = new Params();
    const fixed: Record<string, boolean> = {};
    const columns: string[] = [];
    for (const action of Object.keys(table)) {
      let allowed = reach(ctx, action, params);
      const locks = locksFor(action);
      if (locks.length && allowed !== false) {
        const open = `(${lockSql(locks, params, ctx)}) IS NULL`;
        allowed = allowed === true ? open : `(${allowed}) AND ${open}`;
      }
      const declared = startsFrom.get(action);
      if (declared?.from && allowed !== false) {
        const status = `t.${quote(declared.statusColumn ?? 'status')}::text = ANY(${params.add(declared.from)}::text[])`;
        allowed = allowed === true ? status : `(${allowed}) AND ${status}`;
      }
      if (typeof allowed === 'boolean') fixed[action] = allowed;
      else columns.push(`coalesce((${allowed}), false) AS ${quote(action)}`);
    }
    const byId = new Map<string, Record<string, boolean>>();
    if (columns.length && ids.length) {
      const { rows } = await ctx.db.query<Record<string, boolean> & { id: string }>(
        `SELECT ${keySql(declaration)} AS id, ${columns.join(', ')} FROM ${declaration.table} t
          WHERE t.organisation_id = ${params.add(ctx.organisationId)}
            AND ${keyIn(declaration, params, ids)}`,
        params.values,
      );
      for (const { id, ...flags } of rows) byId.set(id, flags);
    }
    // Nothing depends on the row: every record shares one answer (a page=all has 100,000).
    if (!columns.length) return (): Record<string, boolean> => fixed;
    return (id: string): Record<string, boolean> => ({ ...fixed, ...byId.get(id) });
  }

  const creates = declaration.verbs.includes('create') || declaration.verbs.includes('create_many');

  /**
   * What the caller may do with the list as a whole (a list answer's `meta.permissions`):
   * `create` by the write role, and every action of the table when the caller reaches its
   * route at all (its role, or the role of its record rule); no query.
   */
  function collectionPermissions(ctx: OrganisationContext): Record<string, boolean> {
    const answer: Record<string, boolean> = {};
    if (creates) answer.create = atLeast(ctx, declaration.access.write);
    const parent = parentCheck()?.check.collectionPermissions(ctx).update ?? true;
    for (const [action, entry] of Object.entries(table))
      answer[action] = atLeast(ctx, leastRole(entry)) && parent;
    return answer;
  }

  /** Codes a one-record call answers with 403 (forbidden locks). */
  const forbiddenCodes = new Set(
    Object.values(table).flatMap((entry) =>
      locksOf(entry).flatMap((lock) => (lock.forbidden && lock.code ? [lock.code] : [])),
    ),
  );

  return {
    table,
    reach,
    locksFor,
    permitted,
    permissionsOf,
    collectionPermissions,
    forbiddenCodes,
  };
}

export type PolicyCheck = ReturnType<typeof policyOf>;

/**
 * What a hand-written write of a child (a photo uploaded to a sheet) checks of the parent it
 * names, as SQL over the parent row aliased `t`: that the caller sees it (" AND (…)", or "" when
 * every row is visible) and may update it ("true", "false" or the parent's update rule), the
 * same conditions the kit's own writes of the child inherit.
 */
export function parentAccess(child: ResourceDeclaration, ctx: OrganisationContext, params: Params) {
  const parent = parentOf(child);
  if (!parent) throw new Error(`${child.name} names no parent record`);
  return {
    visible: visibilitySql(parent.resource, ctx, params),
    mayUpdate: String(policyOf(parent.resource).reach(ctx, 'update', params)),
  };
}
