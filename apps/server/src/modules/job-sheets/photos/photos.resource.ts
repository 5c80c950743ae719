import { jobSheetPhotoRecordSchema, jobSheetPhotoUpdateSchema } from '@fieldwork/contract';
import {
  defineResource,
  isoTimestampSql,
  parentRecord,
  type PolicyEntry,
  type ResourceDeclaration,
} from '../../../platform/resource-kit';
import { removeStoredFilesAfterCommit } from '../../../platform/storage/remove-files.job';
import { presentPhotoFile, presentPhotoMarkup, type PhotoKeys } from './photo-files';
import { frozenChildLock } from '../access';
import { jobSheetBase } from '../sheet-base';

/** The stored keys and names the `file` is built from (present() signs them). */
const FILE_SQL = `jsonb_build_object('original_key', t.original_key, 'thumbnail_key',
  t.thumbnail_key, 'display_key', t.display_key, 'original_name', t.original_name,
  'content_type', t.content_type, 'display_content_type', t.display_content_type,
  'size_bytes', t.size_bytes)`;

/** Which photos an operative may change: the parent's update rule (inherited) says whose sheets. */
const photoWrite: PolicyEntry = {
  role: 'MANAGER',
  rule: { role: 'OPERATIVE', note: 'only photos of their own sheets', sql: () => 'true' },
};

/**
 * Job sheet photos (field-work §3 Job sheet photo, §7 generic pattern): list, get, update
 * (order, capture_method), delete and reorder; uploaded by POST /job_sheet_photos (upload.ts)
 * and processed on the queue (process-photo.job.ts). Seen by whoever sees the sheet.
 */
export const jobSheetPhotosResource: ResourceDeclaration = defineResource({
  name: 'job_sheet_photos',
  label: 'Job sheet photo',
  table: 'job_sheet_photos',
  record: jobSheetPhotoRecordSchema,
  create: jobSheetPhotoUpdateSchema,
  update: jobSheetPhotoUpdateSchema,
  fields: {
    job_sheet_id: { type: 'id', filter: true },
    job_sheet_field_value_id: { type: 'id', filter: true },
    order: { type: 'integer', sort: true },
    capture_method: { type: 'text', filter: true },
    status: { type: 'text', filter: true, sort: true },
    error: { type: 'text' },
    width: { type: 'integer', filter: true, sort: true },
    height: { type: 'integer', filter: true, sort: true },
    c_hash: { type: 'text', filter: true },
    p_hash: {
      type: 'text',
      sql: `CASE WHEN t.p_hash IS NULL THEN NULL ELSE lpad(to_hex(t.p_hash), 16, '0') END`,
    },
    file: { type: 'json', sql: FILE_SQL },
    caption: { type: 'text', filter: true },
    taken_at: { type: 'timestamp', sort: true },
    location: {
      type: 'json',
      sql: `CASE WHEN t.latitude IS NULL THEN NULL ELSE jsonb_build_object('latitude', t.latitude,
        'longitude', t.longitude, 'accuracy', t.location_accuracy) END`,
    },
    // The stored keys the markup's addresses are signed from (present()).
    markup: {
      type: 'json',
      sql: `CASE WHEN t.markup_key IS NULL THEN NULL ELSE jsonb_build_object('shapes',
        t.markup_shapes, 'key', t.markup_key, 'thumbnail_key', t.markup_thumbnail_key,
        'original_name', t.original_name, 'marked_up_at', ${isoTimestampSql('t.marked_up_at')},
        'marked_up_by_id', t.marked_up_by_id) END`,
    },
  },
  parent: parentRecord(() => jobSheetBase, 'job_sheet_id'),
  defaultSort: 'order',
  verbs: ['list', 'get', 'update', 'delete', 'delete_many', 'reorder'],
  order: { column: 'order', groupBy: ['job_sheet_field_value_id'] },
  access: {
    read: 'GUEST',
    write: 'MANAGER',
    note: 'seen by whoever sees the job sheet; changed only while the sheet is in progress or rejected',
  },
  // Nobody changes a frozen sheet's photos (reorder is an update): 422 with the reason.
  policy: {
    update: { ...photoWrite, lock: frozenChildLock('photos') },
    delete: { ...photoWrite, lock: frozenChildLock('photos') },
  },
  present: (row, ctx) => {
    const stored = row.file as (PhotoKeys & Parameters<typeof presentPhotoFile>[1]) | null;
    const markup = row.markup as Parameters<typeof presentPhotoMarkup>[1] | null;
    return {
      ...row,
      file: stored ? presentPhotoFile(ctx.services.storage, stored) : null,
      markup: markup ? presentPhotoMarkup(ctx.services.storage, markup) : null,
    };
  },
  rules: {
    // The files go on the queue once the delete commits (a trigger recorded their keys).
    afterDelete: (ctx) => removeStoredFilesAfterCommit(ctx),
  },
});
