import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';

/** Fastify's two lines per request (incoming, completed) become one, written when it ends. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/**
 * stdout written asynchronously in batches of about 4 KB (a write per line cost a tenth of the
 * API's CPU under load), flushed at least every 250 ms so a quiet server's lines still appear.
 */
function batchedStdout(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 250).unref();
  return destination;
}

/**
 * The API's log: pino at LOG_LEVEL, written asynchronously (pino's destination with sync off:
 * lines queue while a write is in flight instead of blocking the request; pino flushes it on
 * exit), pretty on a terminal, one line per request.
 */
export function loggingOptions(
  level: string,
  enabled: boolean,
  /** Where lines go instead of stdout (tests). */
  destination?: pino.DestinationStream,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (!enabled) return { logger: false };
  const output =
    destination || !process.stdout.isTTY
      ? { stream: destination ?? batchedStdout() }
      : { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } };
  return {
    logger: { level, redact: ['req.headers.authorization'], ...output },
    logController: new OneLinePerRequest(),
  };
}
