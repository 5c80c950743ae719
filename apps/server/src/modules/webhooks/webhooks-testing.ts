import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; created_at: string; organisation_id: string; data: any };
}

/**
 * A real HTTP receiver on a free port of this machine: it keeps every request, and answers each
 * path with the statuses queued for it (then 200).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const statuses = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, json: JSON.parse(body || '{}') });
      const status = statuses.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : 'try again later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** The requests to a path, waited for until there are `count` (up to 30 s). */
    async at(path: string, count = 1): Promise<Received[]> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const hits = received.filter((hit) => hit.path === path);
        if (hits.length >= count || Date.now() > deadline) return hits;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** The next answers to a path, in order. */
    answer(path: string, ...codes: number[]) {
      statuses.set(path, [...(statuses.get(path) ?? []), ...codes]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
