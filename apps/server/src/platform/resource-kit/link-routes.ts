import { idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { route, type RouteDef } from '../http/route';
import { forceQuery, isForced } from './force';
import { LINK_VERBS, linkKit, type LinkDeclaration, type LinkVerb } from './links';

/**
 * A declared link set's routes (those of its `verbs`): GET (the parent's links) and POST (add, body
 * naming keys; both answer {data: links} and the declaration's answer extras), PUT/PATCH /:key
 * (change one link's values) and DELETE /:key (?force=true when the declaration's beforeRemove
 * refuses without it). Every call needs the live parent; every change the parent policy's action.
 */
export function linkRoutes<R extends Record<string, unknown>>(
  declaration: LinkDeclaration<R>,
): RouteDef[] {
  const links = linkKit(declaration);
  const { parent, key, access, label } = declaration;
  const base = `/${parent.resource.name}/:${parent.param}/${declaration.name}`;
  const parentParams = z.object({ [parent.param]: idSchema });
  const linkParams = parentParams.extend({ [key.param]: idSchema });
  const answer = declaration.answer?.schema ?? z.object({ data: z.array(declaration.record) });
  const tags = declaration.tags ?? [label];
  const reading = { access: 'organisation', minRole: access.read, tags } as const;
  const changing = {
    access: 'organisation',
    minRole: access.write,
    tags,
    accessNote: access.note,
  } as const;
  const ids = (params: Record<string, string>) => ({
    parentId: params[parent.param]!,
    linked: params[key.param]!,
  });
  const parentLabel = parent.resource.label.toLowerCase();
  const summaries = declaration.summaries ?? {};

  const served = new Set(declaration.verbs ?? LINK_VERBS);
  const routes: Record<LinkVerb, () => RouteDef[]> = {
    list: () => [
      route({
        ...reading,
        method: 'GET',
        path: base,
        summary: summaries.list ?? `The ${parentLabel}'s ${declaration.name}`,
        params: parentParams,
        response: answer,
        handler: async (ctx, { params }) => {
          const { parentId } = ids(params);
          await links.requireParent(ctx, parentId);
          return links.answer(ctx, parentId);
        },
      }),
    ],
    add: () => [
      route({
        ...changing,
        method: 'POST',
        path: base,
        summary:
          summaries.add ??
          `Add ${declaration.name} to the ${parentLabel} (body {${key.body}, …}); those already on it are left as they are. Answers the ${declaration.name}`,
        params: parentParams,
        body: declaration.add,
        response: answer,
        handler: async (ctx, { params, body }) => {
          const { parentId } = ids(params);
          await links.requireParent(ctx, parentId);
          await links.assertMayChange(ctx, parentId);
          return links.add(ctx, parentId, body);
        },
      }),
    ],
    update: () =>
      (['PUT', 'PATCH'] as const).map((method) =>
        route({
          ...changing,
          method,
          path: `${base}/:${key.param}`,
          summary:
            summaries.update ??
            `Change a ${label.toLowerCase()} (fields not sent stay as they are)`,
          params: linkParams,
          body: declaration.values,
          response: z.object({ data: declaration.record }),
          handler: async (ctx, { params, body }) => {
            const { parentId, linked } = ids(params);
            await links.requireParent(ctx, parentId);
            await links.assertMayChange(ctx, parentId);
            return { data: await links.update(ctx, parentId, linked, body) };
          },
        }),
      ),
    remove: () => [
      route({
        ...changing,
        method: 'DELETE',
        path: `${base}/:${key.param}`,
        forceRole: access.forceDelete ?? access.write,
        summary: summaries.remove ?? `Take a ${label.toLowerCase()} off the ${parentLabel}`,
        params: linkParams,
        query: forceQuery,
        handler: async (ctx, { params, query }) => {
          const { parentId, linked } = ids(params);
          const parentRow = await links.requireParent(ctx, parentId);
          await links.assertMayChange(ctx, parentId);
          await links.remove(ctx, parentRow, linked, isForced(query.force));
          return undefined;
        },
      }),
    ],
  };
  return LINK_VERBS.filter((verb) => served.has(verb)).flatMap((verb) => routes[verb]());
}
