import { bulkFailureSchema, idSchema, idsBodySchema } from '@fieldwork/contract';
import { z, type ZodType } from 'zod';
import { badRequest, conflict, fromZodError, notFound } from '../errors';
import type { OrganisationContext } from '../http/context';
import { route, StreamedBody, type HttpMethod, type RouteDef } from '../http/route';
import { parseListQuery } from '../list-query/parse';
import type { ResourceDeclaration, Verb } from './declaration';
import { reader } from './repository';
import { filterNames, sortNames, sumNames } from './sql';
import { resourceScope } from './scope';
import { writer } from './writer';

const forceQuery = z.object({ force: z.enum(['true', 'false', '1', '0']).optional() }).loose();
const listEnvelope = (record: z.ZodType) =>
  z.object({
    data: z.array(record),
    meta: z.object({
      total: z.number(),
      current_page: z.number(),
      per_page: z.number(),
      last_page: z.number(),
    }),
    ids: z.array(idSchema).optional(),
    sums: z.record(z.string(), z.number()).optional(),
  });
const bulkResult = (key: string) =>
  z.object({ [key]: z.array(idSchema), failed: z.array(bulkFailureSchema) });

/** Serves the generic pattern of field-work §7 for one declared resource. */
export function resourceRoutes(declaration: ResourceDeclaration): RouteDef[] {
  const { name, label, access } = declaration;
  const { paramsShape, basePath, parentOf, belongs, within, assign, scope } =
    resourceScope(declaration);
  const idParams = z.object({ ...paramsShape, id: idSchema });
  const collectionParams = z.object(paramsShape);
  const read = reader(declaration);
  const write = writer(declaration);
  const has = (verb: Verb) => declaration.verbs.includes(verb);
  const tags = [label];
  const one = z.object({ data: declaration.record });
  const many = z.object({ data: z.array(declaration.record) });
  const routes: RouteDef[] = [];
  const writeRoute = <
    P extends ZodType = ZodType<Record<string, never>>,
    Q extends ZodType = ZodType<Record<string, never>>,
    B extends ZodType = ZodType<undefined>,
  >(
    methods: HttpMethod[],
    def: Omit<RouteDef<'organisation', P, Q, B>, 'method' | 'access' | 'minRole' | 'tags'>,
  ) => {
    for (const method of methods) {
      routes.push(
        route<'organisation', P, Q, B>({
          ...def,
          method,
          access: 'organisation',
          minRole: access.write,
          accessNote: access.note,
          tags,
        }),
      );
    }
  };

  const loadOne = async (
    ctx: OrganisationContext,
    id: string,
    parentId: string | null,
    expand: string[] = [],
  ) => {
    const [row] = await read.findMany(ctx, [id]);
    if (!row || !belongs(row, parentId)) throw notFound(label);
    return (await read.expandRows(ctx, [row], expand))[0]!;
  };
  /** Whether ?force=true was asked for (its role is checked with the route's, via forceRole). */
  const forced = (value: string | undefined) => {
    const force = value === 'true' || value === '1';
    if (!force) return false;
    if (!declaration.forceDelete)
      throw badRequest(`${label} records cannot be force-deleted.`, 'force_not_supported');
    return true;
  };
  const forceRole = declaration.forceDelete ? (access.forceDelete ?? access.write) : undefined;

  if (has('list')) {
    routes.push(
      route({
        method: 'GET',
        path: basePath,
        access: 'organisation',
        minRole: access.read,
        accessNote: access.note,
        tags,
        summary: `List ${name}`,
        params: collectionParams,
        list: {
          filters: filterNames(declaration),
          sorts: sortNames(declaration),
          expands: Object.keys(declaration.expand ?? {}),
          sums: sumNames(declaration),
        },
        response: listEnvelope(declaration.record),
        handler: async (ctx, { params, search }) => {
          const query = parseListQuery(search);
          read.checkQuery(ctx, query);
          const parentId = await parentOf(ctx, params);
          if (scope) query.filters.set(scope.column, [parentId!]);
          return query.page.all
            ? new StreamedBody('application/json; charset=utf-8', read.streamList(ctx, query))
            : read.list(ctx, query);
        },
      }),
    );
  }
  if (has('create')) {
    writeRoute(['POST'], {
      path: basePath,
      summary: `Create a ${label.toLowerCase()}`,
      params: collectionParams,
      body: declaration.create,
      status: 201,
      response: one,
      handler: async (ctx, { params, body }) => {
        const parentId = await parentOf(ctx, params);
        const [id] = await write.insert(ctx, [assign(body, parentId)]);
        return { data: await loadOne(ctx, id!, parentId) };
      },
    });
  }
  if (has('create_many')) {
    writeRoute(['POST'], {
      path: `${basePath}/create_many`,
      summary: `Create several ${name} at once (all or nothing)`,
      params: collectionParams,
      body: z.union([z.array(z.unknown()), z.object({ data: z.array(z.unknown()) })]),
      status: 201,
      response: many,
      handler: async (ctx, { params, body }) => {
        const parentId = await parentOf(ctx, params);
        const items = Array.isArray(body) ? body : body.data;
        const parsed = z.array(declaration.create).min(1).max(1000).safeParse(items);
        if (!parsed.success) throw fromZodError(parsed.error, 'data');
        const values = parsed.data.map((item) => assign(item, parentId));
        const ids = await write.insert(ctx, values, 'data');
        return { data: await read.findMany(ctx, ids) };
      },
    });
  }
  if (has('get')) {
    routes.push(
      route({
        method: 'GET',
        path: `${basePath}/:id`,
        access: 'organisation',
        minRole: access.read,
        accessNote: access.note,
        tags,
        summary: `Get one ${label.toLowerCase()}`,
        params: idParams,
        list: { filters: [], sorts: [], sums: [], expands: Object.keys(declaration.expand ?? {}) },
        response: one,
        handler: async (ctx, { params, search }) => {
          const parentId = await parentOf(ctx, params);
          return { data: await loadOne(ctx, params.id, parentId, parseListQuery(search).expand) };
        },
      }),
    );
  }
  if (has('update')) {
    writeRoute(['PUT', 'PATCH'], {
      path: `${basePath}/:id`,
      summary: `Update a ${label.toLowerCase()} (fields not sent stay as they are)`,
      params: idParams,
      body: declaration.update,
      response: one,
      handler: async (ctx, { params, body }) => {
        const parentId = await parentOf(ctx, params);
        const [existing] = await read.findMany(ctx, [params.id]);
        if (!existing || !belongs(existing, parentId)) throw notFound(label);
        await write.update(ctx, existing, body ?? {});
        return { data: await loadOne(ctx, params.id, parentId) };
      },
    });
  }
  if (has('delete')) {
    writeRoute(['DELETE'], {
      path: `${basePath}/:id`,
      summary: `Delete a ${label.toLowerCase()}${declaration.forceDelete ? ' (?force=true deletes even when in use)' : ''}`,
      params: idParams,
      query: forceQuery,
      forceRole,
      handler: async (ctx, { params, query }) => {
        const own = await within(ctx, await parentOf(ctx, params), [params.id]);
        if (own.failed.length) throw notFound(label);
        const { failed } = await write.remove(ctx, [params.id], forced(query.force));
        const failure = failed[0];
        if (failure?.code === 'not_found') throw notFound(label);
        if (failure) throw conflict(failure.reason, failure.code);
        return undefined;
      },
    });
  }
  if (has('delete_many')) {
    writeRoute(['DELETE', 'POST'], {
      path: `${basePath}/delete_many`,
      summary: `Delete several ${name}; answers which were deleted and why others were not`,
      params: collectionParams,
      query: forceQuery,
      forceRole,
      body: idsBodySchema,
      response: bulkResult('deleted'),
      handler: async (ctx, { params, body, query }) => {
        const own = await within(ctx, await parentOf(ctx, params), body.ids);
        const { deleted, failed } = await write.remove(ctx, own.ids, forced(query.force));
        return { deleted, failed: [...own.failed, ...failed] };
      },
    });
  }
  const stateVerb = (
    verb: string,
    past: string,
    variants: { one: boolean; many: boolean },
    apply: (
      ctx: OrganisationContext,
      ids: string[],
    ) => Promise<{ done: string[]; failed: { id: string; reason: string; code: string }[] }>,
  ) => {
    if (variants.one)
      writeRoute(['POST', 'PUT'], {
        path: `${basePath}/:id/${verb}`,
        summary: `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${label.toLowerCase()}`,
        params: idParams,
        response: one,
        handler: async (ctx, { params }) => {
          const parentId = await parentOf(ctx, params);
          const own = await within(ctx, parentId, [params.id]);
          const { done } = own.ids.length ? await apply(ctx, own.ids) : { done: [] };
          if (!done.length) throw notFound(label);
          return { data: await loadOne(ctx, params.id, parentId) };
        },
      });
    if (variants.many)
      writeRoute(['POST', 'PUT'], {
        path: `${basePath}/${verb}_many`,
        summary: `${verb[0]!.toUpperCase()}${verb.slice(1)} several ${name}`,
        params: collectionParams,
        body: idsBodySchema,
        response: bulkResult(past),
        handler: async (ctx, { params, body }) => {
          const own = await within(ctx, await parentOf(ctx, params), body.ids);
          const { done, failed } = await apply(ctx, own.ids);
          return { [past]: done, failed: [...own.failed, ...failed] };
        },
      });
  };
  // unarchive comes with archive: one without the other would strand records
  const archiving = { one: has('archive'), many: has('archive_many') };
  stateVerb('archive', 'archived', archiving, write.archive);
  stateVerb('unarchive', 'unarchived', archiving, write.unarchive);
  stateVerb(
    'restore',
    'restored',
    { one: has('restore'), many: has('restore_many') },
    write.restore,
  );
  if (has('duplicate')) {
    writeRoute(['POST'], {
      path: `${basePath}/:id/duplicate`,
      summary: `Duplicate a ${label.toLowerCase()}`,
      params: idParams,
      status: 201,
      response: one,
      handler: async (ctx, { params }) => {
        const parentId = await parentOf(ctx, params);
        const own = await within(ctx, parentId, [params.id]);
        if (own.failed.length) throw notFound(label);
        const { created } = await write.duplicate(ctx, [params.id]);
        const copy = created.get(params.id);
        if (!copy) throw notFound(label);
        return { data: await loadOne(ctx, copy, parentId) };
      },
    });
  }
  if (has('duplicate_many')) {
    writeRoute(['POST'], {
      path: `${basePath}/duplicate_many`,
      summary: `Duplicate several ${name}`,
      params: collectionParams,
      body: idsBodySchema,
      status: 201,
      response: z.object({ data: z.array(declaration.record), failed: z.array(bulkFailureSchema) }),
      handler: async (ctx, { params, body }) => {
        const own = await within(ctx, await parentOf(ctx, params), body.ids);
        const { created, failed } = await write.duplicate(ctx, own.ids);
        return {
          data: await read.findMany(ctx, [...created.values()]),
          failed: [...own.failed, ...failed],
        };
      },
    });
  }
  const parent = declaration.parent;
  const target = parent && z.object({ [parent.column]: idSchema });
  if (has('move') && parent && target) {
    const parentColumn = parent.column;
    writeRoute(['POST', 'PUT'], {
      path: `${basePath}/:id/move`,
      summary: `Move a ${label.toLowerCase()} under another ${parent.label.toLowerCase()} (body: {${parentColumn}})`,
      params: idParams,
      body: target,
      response: one,
      handler: async (ctx, { params, body }) => {
        const parentId = await parentOf(ctx, params);
        const own = await within(ctx, parentId, [params.id]);
        if (own.failed.length) throw notFound(label);
        const { done } = await write.move(
          ctx,
          [params.id],
          (body as Record<string, string>)[parentColumn]!,
        );
        if (!done.length) throw notFound(label);
        return { data: await loadOne(ctx, params.id, parentId) };
      },
    });
  }
  if (has('move_many') && parent && target) {
    const parentColumn = parent.column;
    writeRoute(['POST', 'PUT'], {
      path: `${basePath}/move_many`,
      summary: `Move several ${name} (body: {ids, ${parentColumn}})`,
      params: collectionParams,
      body: idsBodySchema.extend(target.shape),
      response: bulkResult('moved'),
      handler: async (ctx, { params, body }) => {
        const { ids, ...rest } = body as { ids: string[] } & Record<string, string>;
        const own = await within(ctx, await parentOf(ctx, params), ids);
        const { done, failed } = await write.move(ctx, own.ids, rest[parentColumn]!);
        return { moved: done, failed: [...own.failed, ...failed] };
      },
    });
  }
  if (has('reorder') && declaration.order) {
    for (const path of [`${basePath}/reorder`, `${basePath}/reorder_many`]) {
      writeRoute(['POST', 'PUT'], {
        path,
        summary: `Reorder ${name}: body ids in their new order`,
        params: collectionParams,
        body: idsBodySchema,
        response: bulkResult('reordered'),
        handler: async (ctx, { params, body }) => {
          const own = await within(ctx, await parentOf(ctx, params), body.ids);
          const { done, failed } = await write.reorder(ctx, own.ids);
          return { reordered: done, failed: [...own.failed, ...failed] };
        },
      });
    }
  }
  return routes;
}
