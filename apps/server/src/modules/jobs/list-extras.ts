import { idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { route, type RouteDef } from '../../platform/http/route';
import { parseListQuery } from '../../platform/list-query/parse';
import {
  exportBodySchema,
  exportCsvRoute,
  listEnvelope,
  reader,
  withBodyQuery,
} from '../../platform/resource-kit';
import { notFound } from '../../platform/errors';
import { jobActivityLogsResource } from './activity-logs.resource';
import { jobsResource } from './jobs.resource';

const jobs = reader(jobsResource);
const tags = ['Job'];
const minRole = jobsResource.access.read;

const JOB_CSV_COLUMNS = [
  { key: 'id', header: 'ID' },
  { key: 'number', header: 'Number' },
  { key: 'reference', header: 'Reference' },
  { key: 'status', header: 'Status' },
  { key: 'project_id', header: 'Project ID' },
  { key: 'site_id', header: 'Site ID' },
  { key: 'operative_id', header: 'Operative ID' },
  { key: 'date', header: 'Date' },
  { key: 'instructions', header: 'Instructions' },
  { key: 'started_at', header: 'Started at' },
  { key: 'completed_at', header: 'Completed at' },
  { key: 'cancelled_at', header: 'Cancelled at' },
  { key: 'created_at', header: 'Created at' },
];

/** POST /jobs/experimental/get: the list grammar in a body, for filters too long for a URL. */
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
  .meta({ id: 'JobListQuery' });

/** The experimental list calls (field-work §7 Jobs), the CSV export and the material summary. */
export const jobListExtraRoutes = (): RouteDef[] => [
  route({
    method: 'GET',
    path: '/jobs/experimental/count',
    access: 'organisation',
    minRole,
    tags,
    summary: 'How many jobs the caller sees match the list filters: {count}',
    response: z.object({ count: z.number().int() }),
    handler: async (ctx, { search }) => {
      const query = parseListQuery(withBodyQuery(search, undefined));
      jobs.checkQuery(ctx, query);
      const page = await jobs.list(ctx, { ...query, page: { all: false, number: 1, size: 1 } });
      return { count: page.meta.total };
    },
  }),
  route({
    method: 'GET',
    path: '/jobs/experimental/get_ids',
    access: 'organisation',
    minRole,
    tags,
    summary: 'The ids of every job the caller sees matching the list filters, in list order',
    response: z.object({ ids: z.array(idSchema) }),
    handler: async (ctx, { search }) => {
      const query = parseListQuery(withBodyQuery(search, undefined));
      jobs.checkQuery(ctx, query);
      return { ids: await jobs.matchingIds(ctx, query) };
    },
  }),
  route({
    method: 'POST',
    path: '/jobs/experimental/get',
    access: 'organisation',
    minRole,
    tags,
    summary:
      'A page of jobs by the list grammar POSTed as {filter, sort, page: {number, size}, expand}',
    body: getBodySchema,
    response: listEnvelope(jobsResource.record),
    handler: async (ctx, { body, search }) => {
      const merged = withBodyQuery(search, body);
      if (body.page?.number) merged.set('page[number]', String(body.page.number));
      if (body.page?.size) merged.set('page[size]', String(body.page.size));
      for (const name of body.expand ?? []) merged.append('expand[]', name);
      const query = parseListQuery(merged);
      jobs.checkQuery(ctx, query);
      return jobs.list(ctx, query);
    },
  }),
  route({
    method: 'GET',
    path: '/jobs/:id/material_summary',
    access: 'organisation',
    minRole,
    tags,
    summary:
      "The materials used on a job's job sheets, summed per material (empty until materials and job sheets exist)",
    params: z.object({ id: idSchema }),
    response: z.object({ data: z.array(z.record(z.string(), z.unknown())) }),
    handler: async (ctx, { params }) => {
      const [job] = await jobs.findMany(ctx, [params.id]);
      if (!job) throw notFound('Job');
      return { data: [] };
    },
  }),
  route({
    method: 'GET',
    path: '/jobs/:id/activity_logs',
    access: 'organisation',
    minRole,
    tags,
    summary: "A job's audit entries, newest first (the list grammar of /job_activity_logs)",
    params: z.object({ id: idSchema }),
    response: listEnvelope(jobActivityLogsResource.record),
    handler: async (ctx, { params, search }) => {
      const [job] = await jobs.findMany(ctx, [params.id]);
      if (!job) throw notFound('Job');
      const query = parseListQuery(search);
      query.filters.set('job_id', [params.id]);
      const logs = reader(jobActivityLogsResource);
      logs.checkQuery(ctx, query);
      return logs.list(ctx, query);
    },
  }),
  exportCsvRoute(jobsResource, {
    name: 'jobs',
    columns: JOB_CSV_COLUMNS,
    tags,
    minRole: 'MANAGER',
  }),
];
