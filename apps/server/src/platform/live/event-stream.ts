import { AppError } from '../errors';
import type { OpenStream } from '../http/route';
import type { LiveEvent, LiveHub, LiveListener } from './live-hub';

/**
 * What a slow client may leave unread before its stream is ended (it reconnects and refreshes):
 * a stream's memory is bounded by this and by the events' own size (at most MAX_EVENT_IDS ids).
 */
export const MAX_UNREAD_BYTES = 64 * 1024;
/** How long a client waits before reconnecting after the stream ends (the EventSource field). */
const RETRY_MS = 3_000;

export interface StreamOptions {
  organisationId: string;
  userId: string;
  heartbeatMs: number;
}

/**
 * Serves one event stream (text/event-stream): `ready` when open, `change` with a collection and
 * the ids the caller may see, `resync` when changes may have been missed, `end` with a code when
 * the caller lost access (the client then reconnects with a fresh credential, or stops), and a
 * comment line as heartbeat, when the caller's access is also checked again. Removed from the hub
 * when the client goes.
 */
export function serveEventStream(hub: LiveHub, stream: OpenStream, options: StreamOptions): void {
  const response = stream.response;
  // A client gone while the request's transaction ended is never attached.
  if (response.destroyed) return;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no', // a proxy must pass each event on at once
    connection: 'keep-alive',
  });
  let closed = false;
  const write = (text: string) => {
    if (closed) return;
    if (response.writableLength > MAX_UNREAD_BYTES) {
      finish();
      return;
    }
    response.write(text);
  };
  const event = (name: string, data: unknown) =>
    write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

  const listener: LiveListener = {
    organisationId: options.organisationId,
    userId: options.userId,
    asCaller: (work) => stream.asCaller(work),
    send: (change: LiveEvent) => event('change', change),
    resync: () => event('resync', {}),
    end: (code) => {
      event('end', { code });
      finish();
    },
  };
  const detach = hub.attach(listener);
  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    stream
      .asCaller(async () => undefined)
      .catch((error: unknown) => {
        if (error instanceof AppError && (error.status === 401 || error.status === 403))
          listener.end(error.code);
      });
  }, options.heartbeatMs);
  heartbeat.unref();

  function finish() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    detach();
    response.end();
  }
  response.on('close', finish);
  write(`retry: ${RETRY_MS}\n\n`);
  event('ready', {});
}
