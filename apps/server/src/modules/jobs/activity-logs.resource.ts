import { ROLE_RANK, jobActivityLogSchema } from '@fieldwork/contract';
import { z } from 'zod';
import {
  AUDIT_ENTRY_FIELDS,
  defineResource,
  type ResourceDeclaration,
} from '../../platform/resource-kit';

/**
 * Job audit entries, read from the audit table (platform/audit.ts) where every job write and
 * transition already records itself: a caller sees the entries of the jobs they may see.
 * performed_by_type is USER, API_KEY or DEVICE (a user's device naming itself with X-Device-Id,
 * performed_by_device_id; the user's id stays in performed_by_user_id).
 */
export const jobActivityLogsResource: ResourceDeclaration = defineResource({
  name: 'job_activity_logs',
  label: 'Job activity log',
  table: 'audit_entries',
  record: jobActivityLogSchema,
  create: z.object({}),
  update: z.object({}),
  fields: {
    job_id: { type: 'id', sql: 't.document_id', filter: true },
    ...AUDIT_ENTRY_FIELDS,
  },
  visibility: (ctx, params) => {
    const jobs = `t.collection_name = 'jobs'`;
    if (ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER) return jobs;
    const me = params.add(ctx.user.id);
    const sees =
      ctx.membership.guest || ctx.membership.role === 'GUEST'
        ? `j.project_id IN (SELECT pm.project_id FROM project_members pm
            WHERE pm.organisation_id = j.organisation_id AND pm.user_id = ${me})`
        : `j.operative_id = ${me}`;
    return `${jobs} AND EXISTS (SELECT 1 FROM jobs j
      WHERE j.organisation_id = t.organisation_id AND j.id = t.document_id AND ${sees})`;
  },
  defaultSort: '-performed_at',
  verbs: ['list', 'get'],
  access: {
    read: 'GUEST',
    write: 'ADMIN',
    note: 'the entries of the jobs the caller sees',
  },
});
