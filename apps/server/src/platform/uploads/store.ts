import { validationFailure, AppError } from '../errors';
import type { OrganisationContext } from '../http/context';
import type { UploadedFile } from '../http/multipart';
import { newId } from '../ids';
import { UploadRefusedError, type StoredFileRow, type UploadKind } from './define-upload';
import { processUploadJob } from './process-upload.job';
import { markReady, processingStep, removeDerived } from './processing';
import { headOf, SNIFF_HEAD_BYTES, SNIFFED_TYPES, sniffType } from './sniff';

const refuse = (field: string, message: string, code: string) =>
  validationFailure([{ field, message, code }]);

/** The file's type by its content, when its kind takes it; else a 422 naming the field. */
async function acceptedType(
  ctx: OrganisationContext,
  kind: UploadKind,
  file: UploadedFile,
  field: string,
) {
  if (file.size === 0) throw refuse(field, 'The file is empty.', 'empty');
  if (file.size > kind.maxBytes) {
    const megabytes = Math.round((kind.maxBytes / 1024 / 1024) * 10) / 10;
    throw new AppError(413, 'file_too_large', `A file is larger than ${megabytes} MB.`);
  }
  const head = await headOf(ctx.services.storage, file.key);
  const type = await sniffType(head, file.size <= SNIFF_HEAD_BYTES);
  if (type && kind.accept.includes(type)) {
    return type === 'text' ? (kind.textType ?? SNIFFED_TYPES.text) : SNIFFED_TYPES[type];
  }
  const particular = type ? kind.refusals?.[type] : undefined;
  throw refuse(field, particular ?? kind.acceptMessage, 'unsupported_type');
}

/**
 * Keeps an upload of a declared kind: checks its type by content (a renamed file is refused with
 * a 422 naming the field), writes its stored-file record (type, size, SHA-256, uploader) and
 * either processes it now (`runs: 'request'`) or queues its processing (answered PROCESSING).
 * The upload is claimed: the request keeps it when it succeeds and removes it when it fails.
 */
export async function storeUpload(
  ctx: OrganisationContext,
  kind: UploadKind,
  file: UploadedFile,
  options: { field: string; name?: string },
): Promise<StoredFileRow> {
  const contentType = await acceptedType(ctx, kind, file, options.field);
  const processing = kind.processing;
  const { rows } = await ctx.db.query<StoredFileRow>(
    `INSERT INTO stored_files (id, organisation_id, kind, key, name, size_bytes, content_type,
       sha256, uploaded_by_user_id, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING *`,
    [
      newId(),
      ctx.organisationId,
      kind.name,
      file.key,
      (options.name ?? file.filename).slice(0, 255),
      file.size,
      contentType,
      file.sha256,
      ctx.user.id,
      processing ? 'PROCESSING' : 'READY',
    ],
  );
  file.claim();
  const stored = rows[0]!;
  if (!processing) return stored;
  if (processing.runs === 'queue') {
    await ctx.services.queue.enqueue(ctx, processUploadJob, { fileId: stored.id });
    return stored;
  }
  // In the request: an unreadable file is the caller's 422, and nothing is kept.
  const { step, derived } = processingStep(ctx.services.storage, stored);
  ctx.afterRollback(() => removeDerived(ctx.services.storage, derived));
  let metadata;
  try {
    metadata = await processing.run(stored, step);
  } catch (error) {
    if (error instanceof UploadRefusedError) throw refuse(options.field, error.message, 'invalid');
    throw error;
  }
  const ready = await markReady(ctx.db, kind, stored, derived, metadata);
  if (!ready) throw new Error(`The upload ${stored.id} went while it was processed`);
  return ready;
}
