import type { FastifyInstance } from 'fastify';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { AppError } from '../errors';

const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** The code a body that does not decode fails with (errors-handler.ts answers it as a 400). */
export const BAD_ENCODING = 'FST_ERR_BAD_CONTENT_ENCODING';

/**
 * Bodies sent compressed (Content-Encoding gzip, deflate or br) are decoded before they are
 * parsed, so the body limit counts the decoded bytes; a body that does not decode is a 400, an
 * encoding the API does not know a 415. Without this, a labelled body was read as it came.
 */
export function registerContentEncoding(app: FastifyInstance) {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const encoding = (request.headers['content-encoding'] ?? '').trim().toLowerCase();
    if (encoding === '' || encoding === 'identity') return payload;
    const decoder = DECODERS[encoding];
    if (!decoder) {
      throw new AppError(
        415,
        'unsupported_content_encoding',
        'Send the body as it is, or encoded with gzip, deflate or br.',
      );
    }
    const decoded = decoder() as Transform & { receivedEncodedLength: number };
    decoded.receivedEncodedLength = 0;
    // Fastify matches Content-Length against the bytes that came over the wire.
    payload.on('data', (chunk: Buffer) => (decoded.receivedEncodedLength += chunk.length));
    payload.on('error', (error) => decoded.destroy(error));
    // Listening first, this names zlib's failure for the error handler; it also keeps a request
    // whose body is never read (a GET) from failing later with nobody listening.
    decoded.on('error', (error: Error & { code?: string }) => {
      error.code = BAD_ENCODING;
    });
    return (payload as Readable).pipe(decoded);
  });
}
