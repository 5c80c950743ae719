import { MAX_IMPORT_BYTES } from '@fieldwork/contract';
import type { FastifyInstance } from 'fastify';
import { buffer } from 'node:stream/consumers';
import { AppError, validationFailure } from '../errors';
import type { OrganisationContext } from '../http/context';
import { UploadedFile } from '../http/multipart';
import { decodeCsv } from './csv';

export const CSV_CONTENT_TYPES = ['text/csv', 'application/csv'];

const megabytes = `${MAX_IMPORT_BYTES / 1024 / 1024} MB`;

/**
 * Lets routes take a CSV as the body itself (Content-Type: text/csv). The body arrives as bytes,
 * bounded by MAX_IMPORT_BYTES (a larger one is a 413 before anything is parsed), and is decoded
 * by the import, like an uploaded file.
 */
export function registerCsvBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    CSV_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, new CsvBody(body as Buffer)),
  );
}

/** A text/csv request body (distinct from JSON or multipart fields). */
export class CsvBody {
  constructor(readonly bytes: Buffer) {}
}

export interface CsvSource {
  text: string;
  /** Multipart text fields (import options such as project_id). */
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

/** The CSV text of a request: one uploaded `file`, or a text/csv body. */
export async function readCsvSource(ctx: OrganisationContext, body: unknown): Promise<CsvSource> {
  if (body instanceof CsvBody) return { text: decodeCsv(body.bytes), fields: {} };
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
  const upload = files[0]!;
  if (upload.size > MAX_IMPORT_BYTES) {
    throw new AppError(413, 'file_too_large', `A CSV import may be at most ${megabytes}.`);
  }
  const stream = await ctx.services.storage.read(upload.key);
  if (!stream) throw noFile();
  return { text: decodeCsv(await buffer(stream)), fields };
}
