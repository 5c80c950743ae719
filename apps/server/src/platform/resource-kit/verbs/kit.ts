import {
  bulkFailureSchema,
  collectionPermissionsSchema,
  idSchema,
  type BulkFailure,
} from '@fieldwork/contract';
import { z, type ZodType } from 'zod';
import { forbidden, notFound } from '../../errors';
import { keySql, Params, quote } from '../sql';
import { failureError } from './failure';
import type { OrganisationContext } from '../../http/context';
import { route, type HttpMethod, type RouteDef } from '../../http/route';
import type { ResourceDeclaration, Verb } from '../declaration';
import { describeEntry, leastRole, policyOf } from '../policy';
import { reader } from '../repository';
import { resourceScope } from '../scope';
import { writer } from '../writer';

export const listEnvelope = (record: z.ZodType) =>
  z.object({
    data: z.array(record),
    meta: z.object({
      total: z.number(),
      current_page: z.number(),
      per_page: z.number(),
      last_page: z.number(),
      permissions: collectionPermissionsSchema.optional(),
    }),
    ids: z.array(idSchema).optional(),
    sums: z.record(z.string(), z.number()).optional(),
  });

export const bulkResult = (key: string) =>
  z.object({ [key]: z.array(idSchema), failed: z.array(bulkFailureSchema) });

type WriteDef<P extends ZodType, Q extends ZodType, B extends ZodType> = Omit<
  RouteDef<'organisation', P, Q, B>,
  'method' | 'access' | 'tags'
>;

/**
 * What every verb of one declared resource shares: where it is served, its reader and writer,
 * the parent scope, and two route builders that fill in access, roles and tags.
 */
export function verbKit(declaration: ResourceDeclaration) {
  const { label, access } = declaration;
  const unkeyed = ['create', 'create_many', 'duplicate', 'duplicate_many', 'reorder'] as const;
  if (declaration.key && unkeyed.some((verb) => declaration.verbs.includes(verb)))
    throw new Error(`${declaration.name}: a keyed resource cannot ${unkeyed.join(', ')}`);
  const scoped = resourceScope(declaration);
  const read = reader(declaration);
  const write = writer(declaration);
  const tags = [label];
  const policy = policyOf(declaration);

  /**
   * Splits ids into those the caller may take an action on (the parent's, visible, permitted by
   * the policy) and failures with the reason for the rest: two statements for the whole set.
   */
  async function allowed(
    ctx: OrganisationContext,
    parentId: string | null,
    given: string[],
    action: string,
  ) {
    const keys = await keysOf(ctx, given);
    const own = await scoped.within(ctx, parentId, [...new Set(keys)]);
    const permitted = await policy.permitted(ctx, action, own.ids);
    return { ids: permitted.ids, failed: [...own.failed, ...permitted.failed], keys };
  }

  /**
   * Path ids as record ids: an id naming a record by an alternate key (a member by membership
   * id) becomes the record's key; others stay as given. One statement, only for such resources.
   */
  async function keysOf(ctx: OrganisationContext, ids: string[]): Promise<string[]> {
    const alternates = declaration.key?.alternates ?? [];
    if (!alternates.length || !ids.length) return ids;
    const params = new Params();
    const list = params.add(ids);
    const { rows } = await ctx.db.query<Record<string, string>>(
      `SELECT ${keySql(declaration)} AS id${alternates.map((c, i) => `, t.${quote(c)} AS a${i}`).join('')}
         FROM ${declaration.table} t
        WHERE t.organisation_id = ${params.add(ctx.organisationId)}
          AND (${[keySql(declaration), ...alternates.map((c) => `t.${quote(c)}`)].map((c) => `${c} = ANY(${list}::text[])`).join(' OR ')})`,
      params.values,
    );
    const named = new Map<string, string>();
    for (const row of rows) alternates.forEach((_, i) => named.set(row[`a${i}`]!, row.id!));
    return ids.map((id) => named.get(id) ?? id);
  }

  /** A bulk failure as the error a one-record call answers; forbidden locks are 403s. */
  const fail = (failure: BulkFailure, wrongStatus: 409 | 422 = 409, field?: string) =>
    policy.forbiddenCodes.has(failure.code)
      ? forbidden(failure.reason, failure.code)
      : failureError(label, failure, wrongStatus, field);

  /** docs/permissions.md's note: the resource's own, and the record rule of the action. */
  const noteFor = (action: string | undefined) => {
    const entry = action === undefined ? undefined : policy.table[action];
    const rule = (entry?.rule || entry?.lock) && action ? describeEntry(action, entry) : undefined;
    return [access.note, rule].filter(Boolean).join('; ') || undefined;
  };

  /** The least role of a verb's route: the policy's, so that record rules can let roles in. */
  const roleFor = (action: string | undefined) => {
    const entry = action === undefined ? undefined : policy.table[action];
    return entry ? leastRole(entry) : access.write;
  };

  /** One record as the API answers it, or 404 when it is not the caller's to see. */
  const loadOne = async (
    ctx: OrganisationContext,
    id: string,
    parentId: string | null,
    expand: string[] = [],
  ) => {
    const [row] = await read.findMany(ctx, [id]);
    if (!row || !scoped.belongs(row, parentId)) throw notFound(label);
    return (await read.expandRows(ctx, [row], expand))[0]!;
  };

  const readRoute = <P extends ZodType = ZodType<Record<string, never>>>(
    def: Omit<
      RouteDef<'organisation', P, ZodType<Record<string, never>>, ZodType<undefined>>,
      'method' | 'access' | 'minRole' | 'tags'
    >,
  ): RouteDef =>
    route<'organisation', P>({
      ...def,
      method: 'GET',
      access: 'organisation',
      minRole: access.read,
      accessNote: access.note,
      tags,
    });

  const writeRoutes = <
    P extends ZodType = ZodType<Record<string, never>>,
    Q extends ZodType = ZodType<Record<string, never>>,
    B extends ZodType = ZodType<undefined>,
  >(
    methods: HttpMethod[],
    def: WriteDef<P, Q, B>,
    action?: string,
  ): RouteDef[] =>
    methods.map((method) =>
      route<'organisation', P, Q, B>({
        ...def,
        method,
        access: 'organisation',
        minRole: def.minRole ?? roleFor(action),
        accessNote: noteFor(action),
        ...(declaration.noApiKeys ? { noApiKeys: true } : {}),
        tags,
        // A record read with expand[] and sent back carries its expansions: not input.
        readOnly: Object.keys(declaration.expand ?? {}),
      }),
    );

  return {
    declaration,
    ...scoped,
    read,
    write,
    tags,
    policy,
    allowed,
    keysOf,
    fail,
    has: (verb: Verb) => declaration.verbs.includes(verb),
    idParams: z.object({ ...scoped.paramsShape, id: idSchema }),
    collectionParams: z.object(scoped.paramsShape),
    one: z.object({ data: declaration.record }),
    many: z.object({ data: z.array(declaration.record) }),
    loadOne,
    readRoute,
    writeRoutes,
  };
}

export type VerbKit = ReturnType<typeof verbKit>;

/** "archive" → "Archive", for summaries. */
export const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;
