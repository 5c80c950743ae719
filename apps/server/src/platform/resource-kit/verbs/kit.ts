import { bulkFailureSchema, collectionPermissionsSchema, idSchema } from '@fieldwork/contract';
import { z, type ZodType } from 'zod';
import { notFound } from '../../errors';
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
    ids: string[],
    action: string,
  ) {
    const own = await scoped.within(ctx, parentId, ids);
    const permitted = await policy.permitted(ctx, action, own.ids);
    return { ids: permitted.ids, failed: [...own.failed, ...permitted.failed] };
  }

  /** docs/permissions.md's note: the resource's own, and the record rule of the action. */
  const noteFor = (action: string | undefined) => {
    const entry = action === undefined ? undefined : policy.table[action];
    const rule = entry?.rule && action ? describeEntry(action, entry) : undefined;
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
        tags,
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
