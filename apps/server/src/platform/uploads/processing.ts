import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Queryable } from '../db/queryable';
import type { FileStorage } from '../storage/storage';
import type { DerivedFile, ProcessingStep, StoredFileRow, UploadKind } from './define-upload';

/** Where an upload's derived files live: beside each other, named by the processing step. */
export const derivedKey = (file: Pick<StoredFileRow, 'organisation_id' | 'id'>, name: string) =>
  `derived/${file.organisation_id}/${file.id}/${name}`;

/** The processing step's tools for one file; `derived` collects what it stored. */
export function processingStep(storage: FileStorage, file: StoredFileRow) {
  const derived: Record<string, DerivedFile> = {};
  const read = async () => {
    const stream = await storage.read(file.key);
    if (!stream) throw new Error(`The upload ${file.key} is missing from storage`);
    return stream;
  };
  const step: ProcessingStep = {
    storage,
    read,
    readAll: async () => buffer(await read()),
    async derive(name, source, contentType) {
      const key = derivedKey(file, name);
      const body = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      const { size } = await storage.write(key, body, { contentType });
      derived[name] = { key, content_type: contentType, size };
      return derived[name];
    },
  };
  return { step, derived };
}

/** Removes what a processing run derived (its file went meanwhile, or the run failed). */
export async function removeDerived(storage: FileStorage, derived: Record<string, DerivedFile>) {
  await Promise.all(Object.values(derived).map((file) => storage.remove(file.key)));
}

/**
 * Marks the file READY with what processing made and learnt, and lets its kind bring the owner
 * up to date, in one transaction. Answers the READY row, or null when the file (or its owner) is
 * gone.
 */
export async function markReady(
  tx: Queryable,
  kind: UploadKind,
  file: StoredFileRow,
  derived: Record<string, DerivedFile>,
  metadata: Record<string, unknown>,
): Promise<StoredFileRow | null> {
  const { rows } = await tx.query<StoredFileRow>(
    `UPDATE stored_files
        SET status = 'READY', error = NULL, derived = $2, metadata = $3, updated_at = now()
      WHERE id = $1 AND status = 'PROCESSING'
      RETURNING *`,
    [file.id, JSON.stringify(derived), JSON.stringify(metadata)],
  );
  const ready = rows[0];
  if (!ready) return null;
  if (kind.processing?.onReady) {
    const owned = await kind.processing.onReady(tx, ready, metadata);
    if (owned === false) {
      await tx.query('DELETE FROM stored_files WHERE id = $1', [file.id]);
      return null;
    }
  }
  return ready;
}

export async function markFailed(
  tx: Queryable,
  kind: UploadKind,
  file: StoredFileRow,
  reason: string,
) {
  const { rows } = await tx.query<StoredFileRow>(
    `UPDATE stored_files SET status = 'FAILED', error = $2, updated_at = now()
      WHERE id = $1 AND status = 'PROCESSING' RETURNING *`,
    [file.id, reason],
  );
  if (rows[0] && kind.processing?.onFailed) await kind.processing.onFailed(tx, rows[0], reason);
}
