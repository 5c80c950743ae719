import {
  idSchema,
  QUALIFICATION_EXPIRY_STATUSES,
  qualificationCreateSchema,
  qualificationSchema,
  qualificationUpdateSchema,
  ROLE_RANK,
} from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { badRequest, forbidden, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { uploadedFilesSchema, type UploadedFile } from '../../platform/http/multipart';
import { route, StreamedBody, type RouteDef } from '../../platform/http/route';
import { newId } from '../../platform/ids';
import { parseListQuery, type ParsedListQuery } from '../../platform/list-query/parse';
import type { Row } from '../../platform/resource-kit/declaration';
import { present } from '../../platform/resource-kit/present';
import { reader } from '../../platform/resource-kit/repository';
import {
  filterNames,
  orderClause,
  Params,
  selectList,
  sortNames,
  whereClause,
} from '../../platform/resource-kit/sql';
import { writer } from '../../platform/resource-kit/writer';
import { qualificationsResource as resource } from './qualifications.resource';

/** Attachments a qualification may hold in all. */
export const MAX_ATTACHMENTS = 50;
const STREAM_CHUNK = 500;

const read = reader(resource);
const write = writer(resource);
const tags = ['Qualification'];
const idParams = z.object({ id: idSchema });
const one = z.object({ data: qualificationSchema });
const listAnswer = z.object({
  data: z.array(qualificationSchema),
  meta: z.object({
    total: z.number(),
    current_page: z.number(),
    per_page: z.number(),
    last_page: z.number(),
  }),
  ids: z.array(idSchema).optional(),
});

interface StoredAttachment {
  id: string;
  name: string;
  size: number;
  content_type: string;
  /** Storage key; never leaves the server. */
  key: string;
}

const managesAll = (ctx: OrganisationContext) =>
  ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER;

const attachmentsOf = (row: Row) => (row.attachments ?? []) as StoredAttachment[];

/** Attachments leave with signed download links instead of their storage keys. */
function presentQualification(ctx: OrganisationContext, row: Row) {
  return {
    ...row,
    attachments: attachmentsOf(row).map(({ key, ...attachment }) => ({
      ...attachment,
      url: ctx.services.storage.signedUrl(key, { filename: attachment.name }),
    })),
  };
}

/** A qualification the caller may see: operatives only their own; others are not found. */
async function loadVisible(ctx: OrganisationContext, id: string): Promise<Row> {
  const [row] = await read.findMany(ctx, [id]);
  if (!row || (!managesAll(ctx) && row.user_id !== ctx.user.id)) throw notFound('Qualification');
  return row;
}

const answer = async (ctx: OrganisationContext, id: string) => ({
  data: presentQualification(ctx, await loadVisible(ctx, id)),
});

/** Operatives record only their own qualifications; others must name a member of this organisation. */
async function checkHolder(ctx: OrganisationContext, userId: string) {
  if (!managesAll(ctx)) {
    if (userId !== ctx.user.id) {
      throw forbidden('You may only record your own qualifications.', 'own_records_only');
    }
    return;
  }
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM memberships
      WHERE organisation_id = $1 AND user_id = $2 AND deleted_at IS NULL AND NOT guest`,
    [ctx.organisationId, userId],
  );
  if (!rows.length) {
    throw validationFailure([
      { field: 'user_id', message: 'Must be a member of the organisation.', code: 'not_found' },
    ]);
  }
}

/** Keeps uploaded files as attachments (the request no longer removes them). */
function keep(files: UploadedFile[], existing: number): StoredAttachment[] {
  if (existing + files.length > MAX_ATTACHMENTS) {
    throw validationFailure([
      {
        field: 'files',
        message: `A qualification holds at most ${MAX_ATTACHMENTS} attachments.`,
        code: 'too_big',
      },
    ]);
  }
  return files.map((file) => {
    file.claim();
    return {
      id: newId(),
      name: file.filename,
      size: file.size,
      content_type: file.contentType,
      key: file.key,
    };
  });
}

/** Storage is changed after the commit, so a rolled-back request never loses a file. */
function removeFilesLater(ctx: OrganisationContext, attachments: StoredAttachment[]) {
  if (attachments.length === 0) return;
  ctx.afterCommit(async () => {
    for (const attachment of attachments) await ctx.services.storage.remove(attachment.key);
  });
}

// Listing ------------------------------------------------------------------------------------

const FILTERS = [...filterNames(resource), 'expires_before'];

function listConditions(ctx: OrganisationContext, query: ParsedListQuery, params: Params) {
  const filters = new Map(query.filters);
  const before = filters.get('expires_before');
  filters.delete('expires_before');
  const statuses = filters.get('expiry_status') ?? [];
  if (
    statuses.some(
      (status) => !(QUALIFICATION_EXPIRY_STATUSES as readonly string[]).includes(status),
    )
  ) {
    throw badRequest(
      `filter[expiry_status] takes ${QUALIFICATION_EXPIRY_STATUSES.join(', ')}.`,
      'bad_filter',
    );
  }
  const conditions = [whereClause(resource, { filters }, params, ctx.organisationId)];
  if (before) {
    const date = before.length === 1 ? before[0]! : '';
    if (!/^\d{4}-\d\d-\d\d$/.test(date) || Number.isNaN(Date.parse(date))) {
      throw badRequest('filter[expires_before] takes one date (YYYY-MM-DD).', 'bad_filter');
    }
    conditions.push(`t.expiry_date < ${params.add(date)}::date`);
  }
  if (!managesAll(ctx)) conditions.push(`t.user_id = ${params.add(ctx.user.id)}`);
  return conditions.join(' AND ');
}

async function list(ctx: OrganisationContext, search: URLSearchParams) {
  const query = parseListQuery(search);
  if (query.expand.length)
    throw badRequest('Qualifications have nothing to expand.', 'unknown_expand');
  if (query.sum.length) throw badRequest('Qualifications have nothing to sum.', 'unknown_sum');
  const params = new Params();
  const where = listConditions(ctx, query, params);
  const order = orderClause(resource, query);
  const from = `${resource.table} t`;
  const select = selectList(resource);
  if (query.page.all) return new StreamedBody('application/json; charset=utf-8', streamAll());

  const { rows: totals } = await ctx.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
    params.values,
  );
  const total = totals[0]?.total ?? 0;
  const { number, size } = query.page;
  const ids = query.withIds
    ? (
        await ctx.db.query<{ id: string }>(
          `SELECT t.id FROM ${from} WHERE ${where} ORDER BY ${order}`,
          params.values,
        )
      ).rows.map((row) => row.id)
    : undefined;
  const limit = params.add(size);
  const offset = params.add((number - 1) * size);
  const { rows } = await ctx.db.query<Row>(
    `SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    params.values,
  );
  return {
    data: rows.map((row) => presentQualification(ctx, present(row))),
    meta: {
      total,
      current_page: number,
      per_page: size,
      last_page: Math.max(1, Math.ceil(total / size)),
    },
    ...(ids ? { ids } : {}),
  };

  /** page=all: every match through a cursor, a chunk at a time, as one JSON document. */
  async function* streamAll(): AsyncGenerator<string> {
    const cursor = `qualifications_${Math.random().toString(36).slice(2)}`;
    await ctx.db.query(
      `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${order}`,
      params.values,
    );
    let count = 0;
    yield '{"data":[';
    try {
      for (;;) {
        const { rows } = await ctx.db.query<Row>(`FETCH ${STREAM_CHUNK} FROM ${cursor}`);
        if (rows.length === 0) break;
        const json = rows.map((row) => JSON.stringify(presentQualification(ctx, present(row))));
        yield (count ? ',' : '') + json.join(',');
        count += rows.length;
      }
    } finally {
      await ctx.db.query(`CLOSE ${cursor}`).catch(() => undefined);
    }
    const meta = { total: count, current_page: 1, per_page: Math.max(count, 1), last_page: 1 };
    yield `],"meta":${JSON.stringify(meta)}}`;
  }
}

// Routes -------------------------------------------------------------------------------------

const createBody = qualificationCreateSchema.extend({ files: uploadedFilesSchema.optional() });
const updateBody = qualificationUpdateSchema.extend({ files: uploadedFilesSchema.optional() });

export function qualificationRoutes(): RouteDef[] {
  const base = {
    access: 'organisation',
    minRole: 'OPERATIVE',
    accessNote: 'OPERATIVE: only their own qualifications; MANAGER and above: everyone’s',
    tags,
  } as const;
  return [
    route({
      ...base,
      method: 'GET',
      path: '/qualifications',
      summary:
        'List qualifications (operatives: their own); filters user_id, expiry_status, expires_before (YYYY-MM-DD)',
      list: { filters: FILTERS, sorts: sortNames(resource), expands: [], sums: [] },
      response: listAnswer,
      handler: async (ctx, { search }) => list(ctx, search),
    }),
    route({
      ...base,
      method: 'GET',
      path: '/qualifications/:id',
      summary: 'Get one qualification (operatives: their own)',
      params: idParams,
      response: one,
      handler: async (ctx, { params }) => answer(ctx, params.id),
    }),
    route({
      ...base,
      method: 'POST',
      path: '/qualifications',
      summary:
        'Record a qualification (JSON, or multipart with files); operatives only their own, user_id defaults to you',
      multipart: true,
      body: createBody,
      status: 201,
      response: one,
      handler: async (ctx, { body }) => {
        const { files = [], ...fields } = body;
        const userId = fields.user_id ?? ctx.user.id;
        await checkHolder(ctx, userId);
        const [id] = await write.insert(ctx, [
          { ...fields, user_id: userId, attachments: JSON.stringify(keep(files, 0)) },
        ]);
        return answer(ctx, id!);
      },
    }),
    ...(['PUT', 'PATCH'] as const).map((method) =>
      route({
        ...base,
        method,
        path: '/qualifications/:id',
        summary:
          'Update a qualification (fields not sent stay; files sent are added as attachments)',
        multipart: true,
        params: idParams,
        body: updateBody,
        response: one,
        handler: async (ctx, { params, body }) => {
          const existing = await loadVisible(ctx, params.id);
          const { files = [], ...fields } = body;
          if (fields.user_id !== undefined) await checkHolder(ctx, fields.user_id);
          const values: Record<string, unknown> = { ...fields };
          if (files.length) {
            const current = attachmentsOf(existing);
            values.attachments = JSON.stringify([...current, ...keep(files, current.length)]);
          }
          await write.update(ctx, existing, values);
          return answer(ctx, params.id);
        },
      }),
    ),
    route({
      ...base,
      method: 'DELETE',
      path: '/qualifications/:id',
      summary: 'Delete a qualification and its attachments (operatives: their own)',
      params: idParams,
      handler: async (ctx, { params }) => {
        const existing = await loadVisible(ctx, params.id);
        await write.remove(ctx, [params.id], false);
        removeFilesLater(ctx, attachmentsOf(existing));
        return undefined;
      },
    }),
    route({
      ...base,
      method: 'POST',
      path: '/qualifications/:id/attachments',
      summary: 'Attach files (multipart, field "files")',
      multipart: true,
      params: idParams,
      body: z.object({ files: uploadedFilesSchema.min(1, 'Send at least one file') }),
      response: one,
      handler: async (ctx, { params, body }) => {
        const existing = await loadVisible(ctx, params.id);
        const added = keep(body.files, attachmentsOf(existing).length);
        const before = await readBeforeImages(ctx, 'qualifications', [params.id]);
        await ctx.db.query(
          `UPDATE qualifications SET attachments = attachments || $3::jsonb, updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, params.id, JSON.stringify(added)],
        );
        const changes = { attachments: added.map(({ id, name, size }) => ({ id, name, size })) };
        await recordAudit(ctx, 'qualifications', [params.id], 'ADD_ATTACHMENTS', changes, before);
        return answer(ctx, params.id);
      },
    }),
    route({
      ...base,
      method: 'DELETE',
      path: '/qualifications/:id/attachments/:attachmentId',
      summary: 'Remove one attachment',
      params: z.object({ id: idSchema, attachmentId: idSchema }),
      response: one,
      handler: async (ctx, { params }) => {
        const existing = await loadVisible(ctx, params.id);
        const attachment = attachmentsOf(existing).find((item) => item.id === params.attachmentId);
        if (!attachment) throw notFound('Attachment');
        const before = await readBeforeImages(ctx, 'qualifications', [params.id]);
        await ctx.db.query(
          `UPDATE qualifications
              SET attachments = (SELECT coalesce(jsonb_agg(a ORDER BY n), '[]'::jsonb)
                                   FROM jsonb_array_elements(attachments) WITH ORDINALITY AS x (a, n)
                                  WHERE a->>'id' <> $3),
                  updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, params.id, params.attachmentId],
        );
        const changes = { attachment: { id: attachment.id, name: attachment.name } };
        await recordAudit(ctx, 'qualifications', [params.id], 'REMOVE_ATTACHMENT', changes, before);
        removeFilesLater(ctx, [attachment]);
        return answer(ctx, params.id);
      },
    }),
  ];
}
