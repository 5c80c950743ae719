import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin HTTP proxy on the loopback address, written for the fleet test and bench
 * (what nginx or a cloud load balancer does in front of the API replicas, compose.yaml):
 * - each request goes to the next backend in turn;
 * - a backend that refuses the connection (its process is gone) is skipped for a while and the
 *   request goes to the next one: it never reached a process, so it is safe to send again;
 * - a request that was sent and lost its connection (the process died with it in flight) is
 *   answered 502 and recorded: a proxy cannot know whether it took effect. That backend is
 *   skipped for a while too (a load balancer's passive health check): a caller's next request
 *   must not reach a dying process whose port still takes connections.
 */
export interface ProxyFailure {
  backend: number;
  method: string;
  url: string;
  /** When the request was sent to that backend (Date.now()). */
  sentAt: number;
  code: string;
}

export interface RoundRobinProxy {
  url: string;
  /** Requests sent to each backend so far. */
  sent: number[];
  /** Requests in flight on each backend now. */
  inFlight: number[];
  failures: ProxyFailure[];
  close(): Promise<void>;
}

const RETRY_AFTER_MS = 2000;

export async function startProxy(
  backends: string[],
  options: { keepAlive?: boolean } = {},
): Promise<RoundRobinProxy> {
  const targets = backends.map((backend) => new URL(backend));
  const agent = new http.Agent({ keepAlive: options.keepAlive ?? false, maxSockets: 256 });
  const downUntil = targets.map(() => 0);
  const sent = targets.map(() => 0);
  const inFlight = targets.map(() => 0);
  const failures: ProxyFailure[] = [];
  let next = 0;

  const pick = (tried: Set<number>): number | undefined => {
    for (let step = 0; step < targets.length; step++) {
      const index = (next + step) % targets.length;
      if (tried.has(index) || downUntil[index]! > Date.now()) continue;
      next = index + 1;
      return index;
    }
    // every backend marked down: try one not yet tried anyway (it may be back)
    for (let index = 0; index < targets.length; index++) if (!tried.has(index)) return index;
    return undefined;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(Buffer.concat(chunks), new Set()));

    function forward(body: Buffer, tried: Set<number>) {
      const index = pick(tried);
      if (index === undefined) {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'No API process answers.' }));
        return;
      }
      tried.add(index);
      const target = targets[index]!;
      const sentAt = Date.now();
      let answered = false;
      const upstream = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: {
            ...endToEnd(request.headers),
            host: target.host,
            'content-length': body.length,
          },
        },
        (reply) => {
          answered = true;
          response.writeHead(reply.statusCode ?? 502, endToEnd(reply.headers));
          reply.pipe(response);
          reply.on('end', () => inFlight[index]!--);
          reply.on('error', () => {
            inFlight[index]!--;
            response.destroy();
          });
        },
      );
      sent[index]!++;
      inFlight[index]!++;
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        inFlight[index]!--;
        if (error.code === 'ECONNREFUSED') {
          downUntil[index] = Date.now() + RETRY_AFTER_MS;
          forward(body, tried);
          return;
        }
        downUntil[index] = Date.now() + RETRY_AFTER_MS;
        failures.push({
          backend: index,
          method: request.method ?? '',
          url: request.url ?? '',
          sentAt,
          code: error.code ?? error.message,
        });
        if (!response.headersSent) {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'The API process went away.' }));
        } else response.destroy();
      });
      upstream.end(body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    inFlight,
    failures,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** Headers without the hop-by-hop ones, which belong to one connection, not the message. */
function endToEnd<T extends http.IncomingHttpHeaders>(headers: T): T {
  const copy = { ...headers };
  for (const name of [
    'connection',
    'keep-alive',
    'transfer-encoding',
    'upgrade',
    'proxy-connection',
  ])
    delete copy[name];
  return copy;
}
