import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './url-guard';

export interface SendResult {
  statusCode: number | null;
  /** The answer's first kilobyte (as text), or null. */
  body: string | null;
  durationMs: number;
  error: string | null;
}

/** The most of an answer kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/**
 * POSTs the body to the checked target, connecting to its checked address (the Host header and
 * TLS name stay the URL's), waiting at most `timeoutMs` for the whole answer, which is read only
 * up to its first kilobyte. Never throws: a network error or time-out is answered as `error`.
 */
export function sendWebhook(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = request(
      target.url,
      {
        method: 'POST',
        lookup,
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          finish({
            statusCode: res.statusCode ?? null,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
            error: null,
          }),
        );
        res.on('error', (error) =>
          finish({ statusCode: res.statusCode ?? null, body: null, error: error.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, body: null, error: `No answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => finish({ statusCode: null, body: null, error: error.message }));
    req.end(body);
  });
}
