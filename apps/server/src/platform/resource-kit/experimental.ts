import { idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { badRequest } from '../errors';
import { route, type RouteDef } from '../http/route';
import { parseListQuery } from '../list-query/parse';
import type { ResourceDeclaration } from './declaration';
import { exportBodySchema, withBodyQuery } from './list-body';
import { reader } from './repository';
import { listEnvelope } from './verbs/kit';

/**
 * The experimental list calls of field-work §7 for one resource, all through the list grammar and
 * the resource's visibility: GET /{name}/experimental/count and /get_ids, POST
 * /{name}/experimental/get (the grammar in a body, for filters too long for a URL), and with
 * `sum` GET /{name}/experimental/sum (sum=comma list of summable fields).
 */
export function experimentalListRoutes(
  declaration: ResourceDeclaration,
  options: { bodyId: string; sum?: boolean },
): RouteDef[] {
  const rows = reader(declaration);
  const base = `/${declaration.name}/experimental`;
  const tags = [declaration.label];
  const minRole = declaration.access.read;
  const plural = declaration.name.replace(/_/g, ' ');
  const getBodySchema = z
    .object({
      filter: exportBodySchema.unwrap().shape.filter,
      sort: z.string().optional(),
      page: z
        .object({ number: z.number().int().min(1), size: z.number().int().min(1) })
        .partial()
        .optional(),
      expand: z.array(z.string()).max(10).optional(),
    })
    .meta({ id: options.bodyId });
  const routes: RouteDef[] = [
    route({
      method: 'GET',
      path: `${base}/count`,
      access: 'organisation',
      minRole,
      tags,
      summary: `How many ${plural} the caller sees match the list filters: {count}`,
      response: z.object({ count: z.number().int() }),
      handler: async (ctx, { search }) => {
        const query = parseListQuery(withBodyQuery(search, undefined));
        rows.checkQuery(ctx, query);
        const page = await rows.list(ctx, { ...query, page: { all: false, number: 1, size: 1 } });
        return { count: page.meta.total };
      },
    }),
    route({
      method: 'GET',
      path: `${base}/get_ids`,
      access: 'organisation',
      minRole,
      tags,
      summary: `The ids of every ${declaration.label.toLowerCase()} the caller sees matching the list filters, in list order`,
      response: z.object({ ids: z.array(idSchema) }),
      handler: async (ctx, { search }) => {
        const query = parseListQuery(withBodyQuery(search, undefined));
        rows.checkQuery(ctx, query);
        return { ids: await rows.matchingIds(ctx, query) };
      },
    }),
    route({
      method: 'POST',
      path: `${base}/get`,
      access: 'organisation',
      minRole,
      tags,
      summary: `A page of ${plural} by the list grammar POSTed as {filter, sort, page: {number, size}, expand}`,
      body: getBodySchema,
      response: listEnvelope(declaration.record),
      handler: async (ctx, { body, search }) => {
        const merged = withBodyQuery(search, body);
        if (body.page?.number) merged.set('page[number]', String(body.page.number));
        if (body.page?.size) merged.set('page[size]', String(body.page.size));
        for (const name of body.expand ?? []) merged.append('expand[]', name);
        const query = parseListQuery(merged);
        rows.checkQuery(ctx, query);
        return rows.list(ctx, query);
      },
    }),
  ];
  if (options.sum)
    routes.push(
      route({
        method: 'GET',
        path: `${base}/sum`,
        access: 'organisation',
        minRole,
        tags,
        summary: `Totals of summable fields (sum=a,b) over the ${plural} matching the list filters: {count, sums}`,
        response: z.object({ count: z.number().int(), sums: z.record(z.string(), z.number()) }),
        handler: async (ctx, { search }) => {
          const query = parseListQuery(withBodyQuery(search, undefined));
          if (!query.sum.length)
            throw badRequest('Name the fields to sum: sum=a,b.', 'missing_sum');
          rows.checkQuery(ctx, query);
          const page = await rows.list(ctx, { ...query, page: { all: false, number: 1, size: 1 } });
          return { count: page.meta.total, sums: page.sums ?? {} };
        },
      }),
    );
  return routes;
}
