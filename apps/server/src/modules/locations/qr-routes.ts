import {
  idSchema,
  publicQrCodeSchema,
  qrAllocateSchema,
  qrCodeBatchGenerateSchema,
  qrCodeBatchSchema,
  qrDownloadQuerySchema,
  qrQuotaSchema,
  qrUtilisationSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { readBeforeImages, recordAudit } from '../../platform/audit';
import { AppError, conflict, notFound, validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { route, type RouteDef } from '../../platform/http/route';
import { newId } from '../../platform/ids';
import { reader } from '../../platform/resource-kit';
import { generateQrBatchJob } from './qr-batch.job';
import { qrCodeBatchesResource } from './qr-code-batches.resource';
import { newQrCode, qrQuota } from './qr-codes';

const tags = ['QR code batch'];
const idParams = z.object({ id: idSchema });
const one = z.object({ data: qrCodeBatchSchema });
/** Download links last ten minutes: long enough to start the download. */
const DOWNLOAD_TTL_SECONDS = 600;

const loadBatch = async (ctx: OrganisationContext, id: string) =>
  (await reader(qrCodeBatchesResource).findMany(ctx, [id]))[0];

/** Inserts `quantity` fresh codes for the batch (a clash with an existing code is drawn again). */
async function insertCodes(ctx: OrganisationContext, batchId: string, quantity: number) {
  let missing = quantity;
  for (let round = 0; missing > 0 && round < 5; round += 1) {
    const codes = Array.from({ length: missing }, newQrCode);
    const { rows } = await ctx.db.query<{ count: number }>(
      `WITH added AS (
         INSERT INTO qr_codes (id, organisation_id, batch_id, code)
         SELECT substr(md5(random()::text || c.code), 1, 24), $1, $2, c.code
           FROM unnest($3::text[]) AS c(code)
         ON CONFLICT (code) DO NOTHING RETURNING 1)
       SELECT count(*)::int AS count FROM added`,
      [ctx.organisationId, batchId, codes],
    );
    missing -= rows[0]!.count;
  }
  if (missing > 0) throw new Error('Could not draw unique QR codes');
}

async function generate(ctx: OrganisationContext, quantity: number) {
  const quota = await qrQuota(ctx);
  if (quantity > quota.remaining) {
    throw validationFailure([
      {
        field: 'quantity',
        message: `The plan allows ${quota.remaining} more QR code(s) until ${quota.renewalDate}.`,
        code: 'quota_exceeded',
      },
    ]);
  }
  const id = newId();
  await ctx.db.query(
    `INSERT INTO qr_code_batches (id, organisation_id, quantity, created_by_user_id)
     VALUES ($1, $2, $3, $4)`,
    [id, ctx.organisationId, quantity, ctx.user.id],
  );
  await insertCodes(ctx, id, quantity);
  await ctx.services.queue.enqueue(ctx, generateQrBatchJob, { batchId: id });
  await recordAudit(ctx, 'qr_code_batches', [id], 'GENERATE', { quantity });
  return { data: await loadBatch(ctx, id) };
}

const generateRoute = (path: string): RouteDef =>
  route({
    method: 'POST',
    path,
    access: 'organisation',
    minRole: 'MANAGER',
    tags,
    summary:
      'Generate a batch of unique, unguessable QR codes (body {quantity}, within the plan’s quota: 422 quota_exceeded past it); its CSV and label sheet are built on the queue (generated_at, or failed_at)',
    body: qrCodeBatchGenerateSchema,
    status: 201,
    response: one,
    handler: (ctx, { body }) => generate(ctx, body.quantity),
  });

export function qrRoutes(): RouteDef[] {
  return [
    generateRoute('/qr_code_batches'),
    generateRoute('/qr_code_batches/generate'),
    route({
      method: 'GET',
      path: '/qr_code_batches/quota',
      access: 'organisation',
      minRole: 'MANAGER',
      tags,
      summary:
        'The QR codes the plan still allows this month (remaining) and when the quota renews (renewalDate); docs/billing.md',
      response: z.object({ data: qrQuotaSchema }),
      handler: async (ctx) => ({ data: await qrQuota(ctx) }),
    }),
    route({
      method: 'GET',
      path: '/qr_code_batches/utilisation',
      access: 'organisation',
      minRole: 'MANAGER',
      tags,
      summary: 'How many of the organisation’s QR codes are on locations, and how many are free',
      response: z.object({ data: qrUtilisationSchema }),
      handler: async (ctx) => {
        const { rows } = await ctx.db.query<{ total: number; allocated: number; batches: number }>(
          `SELECT (SELECT count(*)::int FROM qr_codes WHERE organisation_id = $1) AS total,
                  (SELECT count(*)::int FROM locations WHERE organisation_id = $1
                     AND qr_code_id IS NOT NULL) AS allocated,
                  (SELECT count(*)::int FROM qr_code_batches WHERE organisation_id = $1) AS batches`,
          [ctx.organisationId],
        );
        const { total, allocated, batches } = rows[0]!;
        return { data: { total, allocated, unallocated: total - allocated, batches } };
      },
    }),
    route({
      method: 'GET',
      path: '/qr_code_batches/:id/download_url',
      access: 'organisation',
      minRole: 'MANAGER',
      tags,
      summary:
        'A signed link to the batch’s CSV (format=csv, the default) or printable label sheet (format=pdf); counts the download. 409 batch_not_generated until it is',
      params: idParams,
      query: qrDownloadQuerySchema,
      response: z.object({ url: z.string() }),
      handler: async (ctx, { params, query }) => {
        const { rows } = await ctx.db.query<{ csv_key: string | null; pdf_key: string | null }>(
          `SELECT csv_key, pdf_key FROM qr_code_batches WHERE organisation_id = $1 AND id = $2 FOR UPDATE`,
          [ctx.organisationId, params.id],
        );
        const batch = rows[0];
        if (!batch) throw notFound('QR code batch');
        const format = query.format ?? 'csv';
        const key = format === 'pdf' ? batch.pdf_key : batch.csv_key;
        if (!key) {
          throw new AppError(409, 'batch_not_generated', 'The batch is still being generated.');
        }
        const before = await readBeforeImages(ctx, 'qr_code_batches', [params.id]);
        await ctx.db.query(
          `UPDATE qr_code_batches SET download_count = download_count + 1, downloaded_at = now(),
                  downloaded_by_user_id = $3, updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, params.id, ctx.user.id],
        );
        await recordAudit(ctx, 'qr_code_batches', [params.id], 'DOWNLOAD', { format }, before);
        return {
          url: ctx.services.storage.signedUrl(key, {
            ttlSeconds: DOWNLOAD_TTL_SECONDS,
            filename: `qr-codes-${params.id.slice(-6)}.${format}`,
          }),
        };
      },
    }),
    route({
      method: 'POST',
      path: '/qr_code_batches/:id/allocate',
      access: 'organisation',
      minRole: 'OPERATIVE',
      tags,
      summary:
        'Give one of the batch’s codes to a location (body {location_id, code?}: the code named, else the batch’s first free one); 409 when none is free, or while the batch’s codes are still being made',
      params: idParams,
      body: qrAllocateSchema,
      response: z.object({ data: z.object({ code: z.string(), location_id: idSchema }) }),
      handler: async (ctx, { params, body }) => {
        const { rows: batches } = await ctx.db.query<{ generated: boolean; failed: boolean }>(
          `SELECT generated_at IS NOT NULL AS generated, failed_at IS NOT NULL AS failed
             FROM qr_code_batches WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, params.id],
        );
        const batch = batches[0];
        if (!batch) throw notFound('QR code batch');
        if (!batch.generated)
          throw conflict(
            batch.failed
              ? 'The batch’s codes could not be made: generate another batch.'
              : 'The batch’s codes are still being made: try again in a moment.',
            batch.failed ? 'batch_failed' : 'batch_generating',
          );
        const { rows: locations } = await ctx.db.query(
          `SELECT 1 FROM locations WHERE organisation_id = $1 AND id = $2 FOR UPDATE`,
          [ctx.organisationId, body.location_id],
        );
        if (!locations[0]) {
          throw validationFailure([
            { field: 'location_id', message: 'Location not found.', code: 'not_found' },
          ]);
        }
        const { rows: free } = await ctx.db.query<{ id: string; code: string }>(
          `SELECT q.id, q.code FROM qr_codes q
            WHERE q.organisation_id = $1 AND q.batch_id = $2 ${body.code ? 'AND q.code = $3' : ''}
              AND NOT EXISTS (SELECT 1 FROM locations l WHERE l.organisation_id = q.organisation_id
                                AND l.qr_code_id = q.id)
            ORDER BY q.created_at, q.code LIMIT 1 FOR UPDATE`,
          body.code ? [ctx.organisationId, params.id, body.code] : [ctx.organisationId, params.id],
        );
        const qr = free[0];
        if (!qr) {
          throw conflict(
            body.code
              ? 'That code is not a free code of this batch.'
              : 'Every code of the batch is already on a location.',
            'no_free_code',
          );
        }
        const before = await readBeforeImages(ctx, 'locations', [body.location_id]);
        await ctx.db.query(
          `UPDATE locations SET qr_code_id = $3, updated_at = now() WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, body.location_id, qr.id],
        );
        await ctx.db.query(
          `UPDATE qr_code_batches SET allocated_at = now(), allocated_by_user_id = $3, updated_at = now()
            WHERE organisation_id = $1 AND id = $2`,
          [ctx.organisationId, params.id, ctx.user.id],
        );
        await recordAudit(
          ctx,
          'locations',
          [body.location_id],
          'ALLOCATE',
          { code: qr.code },
          before,
        );
        return { data: { code: qr.code, location_id: body.location_id } };
      },
    }),
    route({
      method: 'GET',
      path: '/qr_codes/:id',
      access: 'public',
      tags: ['QR code'],
      summary:
        'What a scanned QR code routes to (public, no sign-in): its organisation and location, nothing else. The web route qr/{code} sends a member to the location and anyone else to sign in first',
      params: z.object({ id: z.string().max(64) }),
      response: z.object({ data: publicQrCodeSchema }),
      handler: async (ctx, { params }) => {
        const { rows } = await ctx.db.query<{
          code: string;
          organisation_id: string;
          location_id: string | null;
        }>(`SELECT * FROM qr_code_route($1)`, [params.id]);
        const qr = rows[0];
        if (!qr) throw notFound('QR code');
        return {
          data: {
            id: qr.code,
            organisation_id: qr.organisation_id,
            location_id: qr.location_id,
            allocated: qr.location_id !== null,
          },
        };
      },
    }),
  ];
}
