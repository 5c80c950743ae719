import { createHash, type Hash } from 'node:crypto';
import { MAX_QUEUED_IMPORT_BYTES } from '@fieldwork/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { AppError, validationFailure } from '../errors';
import { newId } from '../ids';
import { trackUpload, UploadedFile } from '../http/multipart';
import { fullPath } from '../http/register';
import type { RouteDef } from '../http/route';
import type { FileStorage } from '../storage/storage';
import { decodeCsv } from './csv';

export const CSV_CONTENT_TYPES = ['text/csv', 'application/csv'];

export const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export const fileTooLarge = (limit: number) =>
  new AppError(413, 'file_too_large', `A CSV import may be at most ${megabytes(limit)}.`);

/** A text/csv body not read yet: the parser leaves the stream to the pre-handler below. */
class PendingCsvBody {
  constructor(readonly stream: Readable) {}
}

/** A text/csv request body, already in storage (distinct from JSON or multipart fields). */
export class CsvBody {
  constructor(readonly file: UploadedFile) {}
}

/** Counts the bytes going by and stops (413) once there are more than the limit. */
async function* limited(source: AsyncIterable<Buffer>, limit: number, hash: Hash) {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > limit) throw fileTooLarge(limit);
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Lets routes declared with `csvBody` take a CSV as the body itself (Content-Type: text/csv).
 * Like a multipart upload, the body is streamed into storage before the request's transaction
 * opens, once the caller's access is settled, and the size limit is enforced while it streams (a
 * declared Content-Length over it is refused before a byte is read): a 413, and the partial file
 * removed. The handler gets a CsvBody naming the stored file.
 */
export function registerCsvBodies(
  app: FastifyInstance,
  storage: FileStorage,
  routes: RouteDef[],
  assertMayCall: (def: RouteDef, request: FastifyRequest) => Promise<void>,
) {
  const accepting = new Map(
    routes.filter((def) => def.csvBody).map((def) => [`${def.method} ${fullPath(def)}`, def]),
  );
  app.addContentTypeParser(CSV_CONTENT_TYPES, (_request, payload, done) =>
    done(null, new PendingCsvBody(payload as Readable)),
  );
  app.addHook('preHandler', async (request) => {
    const pending = request.body;
    if (!(pending instanceof PendingCsvBody)) return;
    const def = accepting.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (!def) {
      throw new AppError(415, 'unsupported_media_type', 'This route does not take a CSV body.');
    }
    await assertMayCall(def, request);
    if (Number(request.headers['content-length'] ?? 0) > MAX_QUEUED_IMPORT_BYTES) {
      throw fileTooLarge(MAX_QUEUED_IMPORT_BYTES);
    }
    const key = `uploads/${newId()}`;
    const hash = createHash('sha256');
    const { size } = await storage.write(
      key,
      limited(pending.stream, MAX_QUEUED_IMPORT_BYTES, hash),
    );
    const file = new UploadedFile(key, 'file', 'upload.csv', 'text/csv', size, hash.digest('hex'));
    trackUpload(request, file);
    request.body = new CsvBody(file);
  });
}

/** The CSV file of an import call, in storage, and the multipart text fields sent with it. */
export interface CsvUpload {
  file: UploadedFile;
  /** Multipart text fields (import options such as project_id). */
  fields: Record<string, string>;
}

export interface CsvSource {
  text: string;
  fields: Record<string, string>;
}

const noFile = () =>
  validationFailure(
    [
      {
        field: 'file',
        message:
          'Send the CSV as the multipart/form-data field "file", or as the body with Content-Type: text/csv.',
        code: 'required',
      },
    ],
    'No CSV file was sent.',
  );

/** The CSV file of a request: one uploaded `file`, or a text/csv body (both already stored). */
export function csvUploadOf(body: unknown): CsvUpload {
  if (body instanceof CsvBody) return { file: body.file, fields: {} };
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw noFile();
  const { file, ...rest } = body as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const files = Array.isArray(file) ? file.filter((item) => item instanceof UploadedFile) : [];
  if (files.length !== 1) {
    if (files.length > 1) {
      throw validationFailure([
        { field: 'file', message: 'Send one CSV file at a time.', code: 'too_many_files' },
      ]);
    }
    throw noFile();
  }
  return { file: files[0]!, fields };
}

/** Reads a stored CSV whole (the caller has checked its size) and decodes it. */
export async function readStoredCsv(storage: FileStorage, key: string): Promise<string | null> {
  const stream = await storage.read(key);
  return stream ? decodeCsv(await buffer(stream)) : null;
}

/** The CSV text of an upload read in the request: at most `limit` bytes (413 otherwise). */
export async function readCsvUpload(
  storage: FileStorage,
  upload: CsvUpload,
  limit: number,
): Promise<CsvSource> {
  if (upload.file.size > limit) throw fileTooLarge(limit);
  const text = await readStoredCsv(storage, upload.file.key);
  if (text === null) throw noFile();
  return { text, fields: upload.fields };
}
