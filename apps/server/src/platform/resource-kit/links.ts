import type { AuditAction, FieldError, Role } from '@fieldwork/contract';
import type { ZodObject, ZodType } from 'zod';
import { recordAudit } from '../audit';
import { forbidden, notFound, validationFailure } from '../errors';
import type { OrganisationContext } from '../http/context';
import type { ResourceDeclaration } from './declaration';
import { policyOf, type PolicyCheck } from './policy';
import { present } from './present';
import { Params, quote, visibilitySql } from './sql';

/**
 * A set of links between a parent record and records of another kind, kept as rows of a join
 * table without ids of their own (a project's members, a team's members, a rate set's
 * materials): served at /{parent.path}/:{parent.param}/{name}, each link addressed by the key it
 * links to (/…/{name}/:{key.param}), added by a body naming keys ({user_ids: […]}), and audited
 * as changes of the parent. Who may change the links is an action of the parent's policy.
 */
export interface LinkDeclaration<Record = Row> {
  /** URL segment under the parent, e.g. "members". */
  name: string;
  /** Singular, for messages and docs, e.g. "Project member". */
  label: string;
  /** The join table: organisation_id, the parent and key columns, the value columns. */
  table: string;
  record: ZodType<Record>;
  parent: {
    /** The parent's resource: its table, label, audit collection and policy. */
    resource: ResourceDeclaration;
    /** The join table's column naming the parent, e.g. "project_id". */
    column: string;
    /** Path parameter naming the parent, e.g. "id". */
    param: string;
    /** SQL over the parent alias `p` that makes it usable, e.g. "p.deleted_at IS NULL". */
    live?: string;
    /** The parent's policy action that allows changing its links, and the 403 refusing it. */
    change: { action: string; message: string; code: string };
  };
  key: {
    /** The join table's column naming the linked record, e.g. "user_id". */
    column: string;
    /** Path parameter naming one link, e.g. "userId". */
    param: string;
    /** The add body's list of keys, e.g. "user_ids". */
    body: string;
    /** Where keys must be found (same organisation), as a table, its key column and a condition. */
    target: { table: string; column: string; live?: string; message: string };
  };
  /** The routes served (default all four); a set changed through another set serves fewer. */
  verbs?: LinkVerb[];
  /** Value columns a link carries (every field optional), e.g. {can_start_jobs, can_edit}. */
  values: ZodObject;
  /** The add body: the key list plus the values, e.g. {user_ids, can_start_jobs?, can_edit?}. */
  add: ZodObject;
  /** Values a link takes when added without them (the table's defaults). */
  defaults: { [column: string]: unknown };
  /**
   * The parent's links as the API answers them (each carries the key column): `select`, read by
   * the kit, or `load` where the reading is shared with other code (an expansion).
   */
  select?: LinkSelect;
  load?(ctx: OrganisationContext, parentId: string): Promise<Record[]>;
  /** What the list and add answers carry besides {data}: the whole answer and the other keys. */
  answer?: { schema: ZodObject; with(ctx: OrganisationContext, parentId: string): Promise<Row> };
  /** Audit actions on the parent (one for each served change), the before-image's name. */
  audit: {
    add: AuditAction;
    update?: AuditAction;
    remove?: AuditAction;
    forceRemove?: AuditAction;
  };
  image: string;
  access: { read: Role; write: Role; forceDelete?: Role; note?: string };
  /** OpenAPI tags (default the label). */
  tags?: string[];
  /** OpenAPI summaries where the generic ones say too little. */
  summaries?: Partial<{ [route in 'list' | 'add' | 'update' | 'remove']: string }>;
  /**
   * Runs before a link is removed, with the parent row (as the table holds it) and the link: may
   * refuse (throw, e.g. a 409 unless forced) or clear what depends on it; answers what the audit
   * entry adds to its changes and before-image.
   */
  beforeRemove?(
    ctx: OrganisationContext,
    input: { parent: Row; link: Record; force: boolean },
  ): Promise<{ changes?: { [key: string]: unknown }; image?: { [key: string]: unknown } }>;
  /** Runs after links were added, with the keys that were new (e.g. audit them elsewhere too). */
  afterAdd?(ctx: OrganisationContext, parentId: string, added: string[]): Promise<void>;
}

export type LinkVerb = 'list' | 'add' | 'update' | 'remove';
export const LINK_VERBS: LinkVerb[] = ['list', 'add', 'update', 'remove'];

/** The kit's reading of a link set: the join table's rows of one parent, as alias `l`. */
export interface LinkSelect {
  /** Answer field → SQL over `l`, e.g. {user_id: 'l.user_id', created_at: 'l.created_at'}. */
  fields: { [field: string]: string };
  /** SQL over `l`: which of the parent's rows are in the set (e.g. only guests' rows). */
  visibility?: string;
  /** ORDER BY, SQL over `l`. */
  order: string;
}

type Row = { [column: string]: unknown };

export function defineLinks<R>(declaration: LinkDeclaration<R>): LinkDeclaration<R> {
  const where = `link set ${declaration.name}`;
  if (!declaration.select === !declaration.load)
    throw new Error(`${where}: declare either select or load`);
  const served = declaration.verbs ?? LINK_VERBS;
  const { audit } = declaration;
  if (served.includes('update') && !audit.update) throw new Error(`${where}: audit.update`);
  if (served.includes('remove') && !(audit.remove && audit.forceRemove))
    throw new Error(`${where}: audit.remove and audit.forceRemove`);
  return declaration;
}

/** An audit action the declaration must have (defineLinks checked it for served verbs). */
function declared(action: AuditAction | undefined, name: string): AuditAction {
  if (!action) throw new Error(`link set ${name} serves no such change`);
  return action;
}

/** Reads and writes of one declared link set; every statement bound to the organisation. */
export function linkKit<R extends Row>(declaration: LinkDeclaration<R>) {
  const { parent, key, table } = declaration;
  const collection = parent.resource.name;
  let policy: PolicyCheck | undefined;

  /** The parent row when it is the organisation's and live, else 404 naming the parent. */
  async function requireParent(ctx: OrganisationContext, parentId: string): Promise<Row> {
    const params = new Params();
    const where = [
      `p.organisation_id = ${params.add(ctx.organisationId)}`,
      `p.id = ${params.add(parentId)}`,
    ];
    if (parent.live) where.push(parent.live);
    // A parent the caller may not see (its resource's visibility) names nothing, as its GET does.
    const visible = visibilitySql(parent.resource, ctx, params);
    if (visible)
      where.push(
        `EXISTS (SELECT 1 FROM ${parent.resource.table} t WHERE t.organisation_id = p.organisation_id AND t.id = p.id${visible})`,
      );
    const { rows } = await ctx.db.query<Row>(
      `SELECT p.* FROM ${parent.resource.table} p WHERE ${where.join(' AND ')}`,
      params.values,
    );
    if (!rows[0]) throw notFound(parent.resource.label);
    return rows[0];
  }

  /** 403 unless the parent's policy lets the caller change its links. */
  async function assertMayChange(ctx: OrganisationContext, parentId: string) {
    policy ??= policyOf(parent.resource);
    const { failed } = await policy.permitted(ctx, parent.change.action, [parentId]);
    if (failed.length) throw forbidden(parent.change.message, parent.change.code);
  }

  /** 422 naming `{key.body}.<i>` for each key not found where the declaration says. */
  async function checkKeys(ctx: OrganisationContext, keys: string[]) {
    const { target } = key;
    const { rows } = await ctx.db.query<{ key: string }>(
      `SELECT ${quote(target.column)} AS key FROM ${target.table}
        WHERE organisation_id = $1 AND ${quote(target.column)} = ANY($2::text[])${target.live ? ` AND ${target.live}` : ''}`,
      [ctx.organisationId, keys],
    );
    const found = new Set(rows.map((row) => row.key));
    const errors: FieldError[] = keys.flatMap((id, index) =>
      found.has(id)
        ? []
        : [{ field: `${key.body}.${index}`, message: target.message, code: 'not_found' }],
    );
    if (errors.length) throw validationFailure(errors);
  }

  /** The parent's links, by the declaration's select (or its own load). */
  async function list(ctx: OrganisationContext, parentId: string): Promise<R[]> {
    if (declaration.load) return declaration.load(ctx, parentId);
    const select = declaration.select!;
    const fields = Object.entries(select.fields).map(([name, sql]) => `${sql} AS ${quote(name)}`);
    const { rows } = await ctx.db.query<Row>(
      `SELECT ${fields.join(', ')} FROM ${table} l
        WHERE l.organisation_id = $1 AND l.${quote(parent.column)} = $2${select.visibility ? ` AND (${select.visibility})` : ''}
        ORDER BY ${select.order}`,
      [ctx.organisationId, parentId],
    );
    return rows.map((row) => present(row) as R);
  }

  /** The list and add answer: {data: links} and what the declaration's answer adds. */
  async function answer(ctx: OrganisationContext, parentId: string) {
    const data = await list(ctx, parentId);
    return { data, ...(await declaration.answer?.with(ctx, parentId)) };
  }

  async function requireLink(ctx: OrganisationContext, parentId: string, linked: string) {
    const link = (await list(ctx, parentId)).find((item) => item[key.column] === linked);
    if (!link) throw notFound(declaration.label);
    return link;
  }

  /**
   * Adds links to the keys the body names; keys already linked keep their row and values.
   * Answers as the list does.
   */
  async function add(ctx: OrganisationContext, parentId: string, body: Row) {
    const keys = body[key.body] as string[];
    await checkKeys(ctx, keys);
    const columns = Object.keys(declaration.values.shape);
    const values = columns.map((column) => body[column] ?? declaration.defaults[column] ?? null);
    const { rows } = await ctx.db.query<{ key: string }>(
      `INSERT INTO ${table} (organisation_id, ${quote(parent.column)}, ${quote(key.column)}${columns.map((c) => `, ${quote(c)}`).join('')})
       SELECT $1, $2, k${columns.map((_, i) => `, $${i + 4}`).join('')} FROM unnest($3::text[]) AS k
       ON CONFLICT DO NOTHING RETURNING ${quote(key.column)} AS key`,
      [ctx.organisationId, parentId, [...new Set(keys)], ...values],
    );
    const added = rows.map((row) => row.key);
    if (added.length) {
      const written = Object.fromEntries(columns.map((column, i) => [column, values[i]]));
      await recordAudit(ctx, collection, [parentId], declaration.audit.add, {
        [key.body]: added,
        ...written,
      });
      await declaration.afterAdd?.(ctx, parentId, added);
    }
    return answer(ctx, parentId);
  }

  /** Changes one link's values (fields not sent stay); nothing changed writes nothing. */
  async function update(ctx: OrganisationContext, parentId: string, linked: string, body: Row) {
    const before = await requireLink(ctx, parentId, linked);
    const changed = Object.keys(declaration.values.shape).filter(
      (column) => body[column] !== undefined && body[column] !== before[column],
    );
    if (changed.length === 0) return before;
    await ctx.db.query(
      `UPDATE ${table} SET ${changed.map((c, i) => `${quote(c)} = $${i + 4}`).join(', ')}, updated_at = now()
        WHERE organisation_id = $1 AND ${quote(parent.column)} = $2 AND ${quote(key.column)} = $3`,
      [ctx.organisationId, parentId, linked, ...changed.map((column) => body[column])],
    );
    const changes = Object.fromEntries(
      Object.keys(declaration.values.shape).map((column) => [
        column,
        { from: before[column], to: body[column] ?? before[column] },
      ]),
    );
    await recordAudit(
      ctx,
      collection,
      [parentId],
      declared(declaration.audit.update, declaration.name),
      { [key.column]: linked, ...changes },
      new Map([[parentId, { [declaration.image]: before }]]),
    );
    return requireLink(ctx, parentId, linked);
  }

  /** Removes one link, after the declaration's beforeRemove (which may refuse it). */
  async function remove(ctx: OrganisationContext, parentRow: Row, linked: string, force: boolean) {
    const parentId = parentRow.id as string;
    const link = await requireLink(ctx, parentId, linked);
    const extra = (await declaration.beforeRemove?.(ctx, { parent: parentRow, link, force })) ?? {};
    await ctx.db.query(
      `DELETE FROM ${table}
        WHERE organisation_id = $1 AND ${quote(parent.column)} = $2 AND ${quote(key.column)} = $3`,
      [ctx.organisationId, parentId, linked],
    );
    await recordAudit(
      ctx,
      collection,
      [parentId],
      declared(force ? declaration.audit.forceRemove : declaration.audit.remove, declaration.name),
      { [key.column]: linked, ...extra.changes },
      new Map([[parentId, { [declaration.image]: link, ...extra.image }]]),
    );
  }

  return { declaration, requireParent, assertMayChange, list, answer, add, update, remove };
}

export type LinkKit<R extends Row = Row> = ReturnType<typeof linkKit<R>>;
