import multipart from '@fastify/multipart';
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILES } from '@fieldwork/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, validationFailure } from '../errors';
import { newId } from '../ids';
import type { FileStorage } from '../storage/storage';
import { fullPath } from './register';
import type { RouteDef } from './route';

/**
 * Multipart bodies for routes declared with `multipart: true`.
 *
 * Before the handler runs, the parts are read in order: each file streams straight into storage
 * (never held in memory) under a fresh key, and text fields are collected. The handler's body is
 * then the fields plus an array of UploadedFile per file field, validated by the route's zod body
 * schema like JSON (so a file where text is expected, or text where files are, is a 422).
 * UploadedFile instances cannot come from JSON, so a JSON body cannot name a stored file.
 *
 * A handler keeps a file by calling claim() once a row refers to it; when the request ends,
 * unclaimed files are removed, and so are all of them if the request failed (nothing committed).
 */

export const MAX_FIELD_BYTES = 100 * 1024;
const MAX_FIELDS = 100;

export class UploadedFile {
  #claimed = false;
  constructor(
    /** Where the bytes are in storage. */
    readonly key: string,
    readonly field: string,
    readonly filename: string,
    readonly contentType: string,
    readonly size: number,
    /** SHA-256 of the bytes (hex), taken while they streamed in. */
    readonly sha256: string,
  ) {}

  /** Keeps the file after the request (call when a row being written refers to it). */
  claim(): this {
    this.#claimed = true;
    return this;
  }

  get claimed(): boolean {
    return this.#claimed;
  }
}

/** The body schema of a file field: up to MAX_UPLOAD_FILES files. */
export const uploadedFilesSchema = z
  .array(z.instanceof(UploadedFile, { message: 'Must be a file (send multipart/form-data)' }))
  .max(MAX_UPLOAD_FILES, `At most ${MAX_UPLOAD_FILES} files`);

const received = new WeakMap<FastifyRequest, UploadedFile[]>();

/** Hands a file received some other way (a text/csv body) to the same clean-up as uploads. */
export function trackUpload(request: FastifyRequest, file: UploadedFile) {
  const files = received.get(request) ?? [];
  files.push(file);
  received.set(request, files);
}

const tooLarge = (message: string, code: string) => new AppError(413, code, message);

/**
 * busboy's parser errors carry no code, only these messages ("Multipart: Boundary not found",
 * "Unexpected end of multipart data", "Malformed part header", "Part terminated early", ...).
 */
const PARSER_ERROR =
  /^(Multipart: |Unexpected end of |Malformed |Part terminated early|Missing Content-Type|Unsupported content type)/;

const malformed = () =>
  new AppError(
    400,
    'malformed_multipart',
    'The multipart body is malformed or incomplete (check its boundary and that it was sent whole).',
  );

/** Maps the multipart plugin's limit errors and busboy's parser errors onto the catalogue. */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (!code && error instanceof Error && PARSER_ERROR.test(error.message)) return malformed();
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(MAX_UPLOAD_FILE_BYTES);
    case 'FST_FILES_LIMIT':
      return tooLarge(`At most ${MAX_UPLOAD_FILES} files may be sent at once.`, 'too_many_files');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return tooLarge('The form has too many fields.', 'too_many_fields');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MP_PREMATURE_CLOSE':
      return malformed();
    default:
      return error;
  }
}

const fileTooLarge = (limit: number) =>
  tooLarge(`A file is larger than ${megabytes(limit)} MB.`, 'file_too_large');

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * Counts and hashes a file's bytes as they stream to storage. Past the limit it passes nothing
 * more but keeps reading, so the rest of the body is drained and the client gets its 413 instead
 * of a reset connection.
 */
export class CountingHash extends Transform {
  #hash = createHash('sha256');
  #size = 0;
  exceeded = false;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.#size += chunk.length;
    if (this.#size > this.limit) this.exceeded = true;
    if (this.exceeded) return done();
    this.#hash.update(chunk);
    done(null, chunk);
  }
  digest(): string {
    return this.#hash.digest('hex');
  }
}

/** Reads a multipart body: files into storage, fields into a plain object. */
async function receive(
  request: FastifyRequest,
  storage: FileStorage,
  /** The largest file each field takes (its upload kind's), below the multipart ceiling. */
  limits: Record<string, number>,
) {
  const body: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  received.set(request, files);
  const add = (name: string, value: unknown, asList: boolean) => {
    const current = body[name];
    if (Array.isArray(current)) current.push(value);
    else if (current !== undefined) body[name] = [current, value];
    else body[name] = asList ? [value] : value;
  };
  try {
    for await (const part of request.parts()) {
      const list = part.fieldname.endsWith('[]');
      const name = list ? part.fieldname.slice(0, -2) : part.fieldname;
      if (part.type === 'file') {
        const key = `uploads/${newId()}`;
        const limit = limits[name] ?? MAX_UPLOAD_FILE_BYTES;
        const counted = new CountingHash(limit);
        // the part's errors (a body cut short) end the write too
        pipeline(part.file, counted).catch(() => undefined);
        const { size } = await storage.write(key, counted);
        const file = new UploadedFile(
          key,
          name,
          part.filename || 'file',
          part.mimetype || 'application/octet-stream',
          size,
          counted.digest(),
        );
        files.push(file);
        if (part.file.truncated || counted.exceeded) throw fileTooLarge(limit);
        add(name, file, true);
      } else {
        if (part.valueTruncated) {
          throw validationFailure([
            { field: name, message: `At most ${MAX_FIELD_BYTES} bytes`, code: 'too_big' },
          ]);
        }
        add(name, part.value, list);
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  return body;
}

/**
 * Registers the multipart parser and the hooks that receive bodies for opted-in routes and
 * clear away files nobody claimed. Multipart sent to any other route is a 415.
 */
export async function registerMultipart(
  app: FastifyInstance,
  storage: FileStorage,
  routes: RouteDef[],
  /** Settles the caller's access before any file is received. */
  assertMayCall: (def: RouteDef, request: FastifyRequest) => Promise<void>,
) {
  const accepting = new Map(
    routes.filter((def) => def.multipart).map((def) => [`${def.method} ${fullPath(def)}`, def]),
  );
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_UPLOAD_FILE_BYTES,
      files: MAX_UPLOAD_FILES,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FIELDS + MAX_UPLOAD_FILES,
    },
  });

  app.addHook('preHandler', async (request) => {
    if (!request.isMultipart()) return;
    const url = request.routeOptions.url;
    if (url === undefined) return; // unknown route: the not-found answer follows
    const def = accepting.get(`${request.method} ${url}`);
    if (!def) {
      throw new AppError(415, 'unsupported_media_type', 'This route takes JSON, not multipart.');
    }
    // The request's transaction must not stay open during an upload, so access is settled in a
    // short one first: nobody without access can make the server store a byte.
    await assertMayCall(def, request);
    request.body = await receive(request, storage, def.uploadLimits ?? {});
  });

  const discard = async (request: FastifyRequest, failed: boolean) => {
    const files = received.get(request);
    if (!files) return;
    received.delete(request);
    for (const file of files) {
      if (failed || !file.claimed) {
        await storage
          .remove(file.key)
          .catch((error: unknown) =>
            request.log.error({ err: error, key: file.key }, 'could not remove an upload'),
          );
      }
    }
  };
  // A client that hangs up before the answer leaves its uploads behind (the handler may still be
  // committing); a sweep of unreferenced uploads/ keys would collect them.
  app.addHook('onResponse', async (request, reply) => discard(request, reply.statusCode >= 400));
}
