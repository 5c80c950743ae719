import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { FileStorage } from './storage';

/** Types a browser may show in place (no active content); the rest are downloaded. */
const INLINE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const DOWNLOAD_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** GET /files/{key}?expires=&signature= serves a stored file to whoever holds a signed link. */
export function registerFileDownloads(app: FastifyInstance, storage: FileStorage) {
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as Record<string, string | undefined>;
    if (!storage.verify(key, query.expires ?? '', query.signature ?? '')) {
      throw new AppError(403, 'bad_signature', 'This download link is invalid or has expired.');
    }
    const file = await storage.read(key);
    if (!file) throw new AppError(404, 'not_found', 'File not found.');
    const filename = (query.filename ?? key.split('/').pop() ?? 'download').replace(
      /[^\w.-]/g,
      '_',
    );
    const extension = filename.split('.').pop()?.toLowerCase() ?? '';
    const inline = INLINE_TYPES[extension];
    const disposition = inline && query.download === undefined ? 'inline' : 'attachment';
    reply.header('content-disposition', `${disposition}; filename="${filename}"`);
    reply.header('x-content-type-options', 'nosniff');
    reply.type(inline ?? DOWNLOAD_TYPES[extension] ?? 'application/octet-stream');
    return reply.send(file);
  });
}
