import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { FileStorage } from './storage';

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
    reply.header('content-disposition', `attachment; filename="${filename}"`);
    reply.type(filename.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/octet-stream');
    return reply.send(file);
  });
}
