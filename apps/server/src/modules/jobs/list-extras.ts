import { idSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { route, type RouteDef } from '../../platform/http/route';
import { parseListQuery } from '../../platform/list-query/parse';
import { exportCsvRoute } from '../../platform/builds';
import { experimentalListRoutes, listEnvelope, reader } from '../../platform/resource-kit';
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

/** The experimental list calls (field-work §7 Jobs), the CSV export and the material summary. */
export const jobListExtraRoutes = (): RouteDef[] => [
  ...experimentalListRoutes(jobsResource, { bodyId: 'JobListQuery' }),
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
