import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors';
import { ConversionError, convertedCopy } from './convert';
import type { FileStorage } from './storage';

/** Types a browser may show in place (no active content); the rest are downloaded. */
const INLINE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

const DOWNLOAD_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

/** How long the presigned address a link redirects to lives: long enough to start a download. */
const DIRECT_URL_TTL_SECONDS = 300;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/**
 * GET /files/{key}?expires=&signature=[&conversion=][&filename=][&download=1] serves a stored
 * file (or its signed conversion) to whoever holds a signed link: streamed by the API from the
 * local folder, or redirected to a short-lived presigned address of the S3-compatible bucket.
 * The same link behaves the same on both: type, name, inline versus attachment.
 */
export function registerFileDownloads(
  app: FastifyInstance,
  storage: FileStorage,
  /** What a link to a file not written yet answers (a build in progress), or null: 404. */
  pending: (key: string) => Promise<{ status: number; body: unknown } | null> = async () => null,
) {
  const notThere = async (reply: FastifyReply, key: string) => {
    const answer = await pending(key);
    if (!answer) throw new AppError(404, 'not_found', 'File not found.');
    reply.header('cache-control', 'no-store');
    if (answer.status === 202) reply.header('retry-after', '2');
    return reply.code(answer.status).send(answer.body);
  };

  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as Record<string, string | undefined>;
    const link = safeVerify(storage, key, query);
    if (!link) {
      throw new AppError(403, 'bad_signature', 'This download link is invalid or has expired.');
    }
    let filename = (query.filename ?? key.split('/').pop() ?? 'download').replace(/[^\w.-]/g, '_');
    let servedKey = key;
    if (link.conversion) {
      let converted;
      try {
        converted = await convertedCopy(storage, key, link.conversion);
      } catch (error) {
        if (error instanceof ConversionError) {
          throw new AppError(422, 'conversion_failed', error.message);
        }
        throw error;
      }
      if (!converted) throw new AppError(404, 'not_found', 'File not found.');
      servedKey = converted.key;
      filename = `${filename.replace(/\.[^.]*$/, '')}.${EXTENSIONS[converted.contentType]}`;
    }
    const extension = filename.split('.').pop()?.toLowerCase() ?? '';
    const inline = INLINE_TYPES[extension];
    const disposition = inline && query.download === undefined ? 'inline' : 'attachment';
    const contentType = inline ?? DOWNLOAD_TYPES[extension] ?? 'application/octet-stream';

    const direct = await storage.directUrl(servedKey, {
      filename,
      contentType,
      disposition,
      ttlSeconds: DIRECT_URL_TTL_SECONDS,
    });
    if (direct) {
      if ((await storage.size(servedKey)) === null) return notThere(reply, servedKey);
      reply.header('cache-control', 'private, no-store');
      return reply.redirect(direct, 302);
    }
    const size = await storage.size(servedKey);
    const file = size === null ? null : await storage.read(servedKey);
    if (!file || size === null) return notThere(reply, servedKey);
    reply.header('content-disposition', `${disposition}; filename="${filename}"`);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-length', size);
    reply.type(contentType);
    return reply.send(file);
  });
}

/** A key that is not a safe storage key is no link of ours. */
function safeVerify(storage: FileStorage, key: string, query: Record<string, string | undefined>) {
  try {
    return storage.verify(key, query);
  } catch {
    return null;
  }
}
