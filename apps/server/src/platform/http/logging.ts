import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';

/**
 * The API's log: pino at LOG_LEVEL, written asynchronously (pino's destination with sync off:
 * lines queue while a write is in flight instead of blocking the request), pretty on a terminal.
 * Fastify's two lines per request are replaced by one (see installRequestLog).
 */
export function loggingOptions(
  level: string,
  enabled: boolean,
): Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'> {
  if (!enabled) return { logger: false };
  return {
    logger: {
      level,
      redact: ['req.headers.authorization'],
      ...(process.stdout.isTTY
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
        : { stream: pino.destination({ dest: 1, sync: false }) }),
    },
    disableRequestLogging: true,
  };
}

/** One line per answered request at info, built only when info is written. */
export function installRequestLog(app: FastifyInstance, enabled: boolean) {
  if (!enabled) return;
  const log = app.log as pino.Logger;
  app.addHook('onResponse', (request, reply, done) => {
    if (log.isLevelEnabled('info')) {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request',
      );
    }
    done();
  });
}
