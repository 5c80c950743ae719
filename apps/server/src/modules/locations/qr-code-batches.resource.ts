import {
  qrCodeBatchCreateSchema,
  qrCodeBatchSchema,
  qrCodeBatchUpdateSchema,
} from '@fieldwork/contract';
import { removeStoredFilesAfterCommit } from '../../platform/storage/remove-files.job';
import { defineResource, type ResourceDeclaration } from '../../platform/resource-kit';

const USER = (column: string) => `(SELECT json_build_object('id', u.id, 'name', u.name)
  FROM users u WHERE u.id = t.${column})`;
export const ALLOCATED_COUNT = `(SELECT count(*)::int FROM qr_codes q
  JOIN locations l ON l.organisation_id = q.organisation_id AND l.qr_code_id = q.id
  WHERE q.organisation_id = t.organisation_id AND q.batch_id = t.id)`;

/**
 * QR code batches (field-work §3 QR code batch): codes generated together within the plan's
 * quota, their CSV and label sheet built on the queue (generated_at, or failed_at), downloaded
 * (counted) and allocated to locations. Created by POST /qr_code_batches[/generate]
 * (qr-routes.ts); a batch whose codes are on locations is not deleted.
 */
export const qrCodeBatchesResource: ResourceDeclaration = defineResource({
  name: 'qr_code_batches',
  label: 'QR code batch',
  table: 'qr_code_batches',
  record: qrCodeBatchSchema,
  create: qrCodeBatchCreateSchema,
  update: qrCodeBatchUpdateSchema,
  fields: {
    quantity: { type: 'integer', sort: true, sum: true },
    created_by_user: { type: 'json', sql: USER('created_by_user_id') },
    generated_at: { type: 'timestamp', sort: true },
    failed_at: { type: 'timestamp' },
    error: { type: 'text' },
    allocated_at: { type: 'timestamp', sort: true },
    allocated_by_user: { type: 'json', sql: USER('allocated_by_user_id') },
    allocated_count: { type: 'integer', sql: ALLOCATED_COUNT },
    downloaded_at: { type: 'timestamp', sort: true },
    downloaded_by_user: { type: 'json', sql: USER('downloaded_by_user_id') },
    download_count: { type: 'integer', sort: true },
  },
  defaultSort: '-created_at',
  verbs: ['list', 'get', 'delete', 'delete_many'],
  access: { read: 'MANAGER', write: 'MANAGER' },
  rules: {
    async deleteBlockers(ctx, ids) {
      const { rows } = await ctx.db.query<{ batch_id: string; count: number }>(
        `SELECT q.batch_id, count(*)::int AS count FROM qr_codes q
           JOIN locations l ON l.organisation_id = q.organisation_id AND l.qr_code_id = q.id
          WHERE q.organisation_id = $1 AND q.batch_id = ANY($2::text[]) GROUP BY q.batch_id`,
        [ctx.organisationId, ids],
      );
      return new Map(
        rows.map((row) => [
          row.batch_id,
          `${row.count} of the batch’s codes are on locations; take them off first.`,
        ]),
      );
    },
    async afterDelete(ctx, _ids, before) {
      const keys = before.flatMap((row) => [row.csv_key, row.pdf_key]).filter(Boolean) as string[];
      if (!keys.length) return;
      await ctx.db.query(
        `INSERT INTO stored_file_removals (organisation_id, key) SELECT $1, unnest($2::text[])`,
        [ctx.organisationId, keys],
      );
      await ctx.db.query(`SELECT set_config('app.stored_files_removed', 'true', true)`);
      await removeStoredFilesAfterCommit(ctx);
    },
  },
});
