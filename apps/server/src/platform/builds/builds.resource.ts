import { z } from 'zod';
import { BUILD_STATUSES, buildSchema, ROLE_RANK } from '@fieldwork/contract';
import { badRequest } from '../errors';
import type { OrganisationContext } from '../http/context';
import { defineResource, type ResourceDeclaration, type Row } from '../resource-kit';
import { removeStoredFilesAfterCommit } from '../storage/remove-files.job';
import { buildFileUrl } from './files';

/** Managers and admins may see everyone's builds (filter[user_id]); others only their own. */
const seesAll = (ctx: OrganisationContext) => ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER;

/**
 * Built files as records (GET /builds, GET/DELETE /builds/{id}): the caller's own by default, a
 * manager's list filtered to anyone's. They are made by the routes of their kinds (exports,
 * reports), never by POST /builds. Deleting one removes its file once the delete has committed.
 */
export const buildsResource: ResourceDeclaration = defineResource({
  name: 'builds',
  label: 'Build',
  table: 'builds',
  record: buildSchema,
  // made by their kinds' routes (exports, reports), never written through /builds
  create: z.object({}),
  update: z.object({}),
  fields: {
    kind: { type: 'text', filter: true },
    name: { type: 'text', filter: true, sort: true },
    description: { type: 'text' },
    download_name: { type: 'text' },
    job_path: { type: 'text', filter: true },
    format: { type: 'text', filter: true },
    options: { type: 'json' },
    user_id: { type: 'id', filter: true },
    user: {
      type: 'json',
      sql: `(SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = t.user_id)`,
    },
    status: { type: 'text', sort: true },
    progress: {
      type: 'json',
      sql: `(SELECT json_build_object('done', b.progress_done, 'total', b.progress_total,
                                      'message', b.message)
               FROM background_tasks b WHERE b.id = t.task_id)`,
    },
    started_at: { type: 'timestamp', sort: true },
    completed_at: { type: 'timestamp', sort: true },
    expires_at: { type: 'timestamp', sort: true },
    failed_at: { type: 'timestamp' },
    exception: { type: 'text' },
    retries: { type: 'integer' },
    // the stored key, size and type the `file` is built from (present() signs the key)
    file: {
      type: 'json',
      sql: `CASE WHEN t.status = 'READY' AND t.file_key IS NOT NULL THEN jsonb_build_object(
              'key', t.file_key, 'size', t.file_size, 'content_type', t.content_type) END`,
    },
  },
  filters: {
    status: {
      sql(values, params) {
        const known = BUILD_STATUSES as readonly string[];
        if (values.some((status) => !known.includes(status))) {
          throw badRequest(`filter[status] takes ${BUILD_STATUSES.join(', ')}.`, 'bad_filter');
        }
        return `t.status = ANY(${params.add(values)}::text[])`;
      },
    },
  },
  visibility: (ctx, params) => {
    if (seesAll(ctx)) return null;
    return `t.user_id = ${params.add(ctx.user.id)}`;
  },
  search: ['name', 'download_name'],
  defaultSort: '-created_at',
  verbs: ['list', 'get', 'delete'],
  // Guests build too (job sheet exports, reports of their projects): each follows their own.
  access: {
    read: 'GUEST',
    write: 'GUEST',
    note: 'Everyone their own builds; MANAGER and above anyone’s',
  },
  rules: {
    // The file goes on the queue once the delete commits (a trigger recorded its key).
    afterDelete: (ctx) => removeStoredFilesAfterCommit(ctx),
  },
  present(row: Row, ctx: OrganisationContext): Row {
    const stored = row.file as { key: string; size: number | string; content_type: string } | null;
    return {
      ...row,
      progress: row.progress ?? { done: 0, total: null, message: null },
      file: stored
        ? {
            name: stored.key.split('/').pop(),
            size: Number(stored.size),
            content_type: stored.content_type,
            url: buildFileUrl(ctx, stored.key),
          }
        : null,
    };
  },
});
