import { z } from 'zod';
import { badRequest } from '../errors';
import { LongAnswer, route } from '../http/route';
import { serveEventStream } from './event-stream';

const EVENT_STREAM = 'text/event-stream';

/**
 * GET /events: the organisation's changes the caller may see, as server-sent events, so counts
 * and lists refresh when someone else changes them (issue 22, item 13). Authenticated like every
 * route (the bearer access token; the web app reads the stream with fetch, since EventSource
 * cannot send it); it ends when the token expires or access is lost, and the client reconnects.
 */
export const liveRoutes = () => [
  route({
    method: 'GET',
    path: '/events',
    access: 'organisation',
    minRole: 'GUEST',
    noApiKeys: true,
    accessNote: 'each member hears only of records they may read, and of their own notices',
    tags: ['Live updates'],
    summary:
      'A server-sent event stream (Accept: text/event-stream) of changes: `ready`; `change` {collection: jobs | job_sheets | notifications, ids, many?, own?} naming only records the caller may read (notifications: their own, no ids), own when every change named was the caller’s own; `resync` when changes may have been missed; `end` {code} when access ends (reconnect with a fresh token). A comment line every LIVE_HEARTBEAT_SECONDS.',
    query: z.object({}).strict(),
    handler: async (ctx, { headers }) => {
      const accept = headers.accept;
      if (typeof accept !== 'string' || !accept.includes(EVENT_STREAM))
        throw badRequest(
          'This is an event stream: ask for it with Accept: text/event-stream.',
          'event_stream_only',
        );
      const hub = ctx.services.live;
      const who = { organisationId: ctx.organisationId, userId: ctx.user.id };
      const heartbeatMs = ctx.services.config.liveHeartbeatSeconds * 1000;
      return Promise.resolve(
        new LongAnswer((stream) => serveEventStream(hub, stream, { ...who, heartbeatMs })),
      );
    },
  }),
];
