import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { clientErrorHandler, installErrorHandling } from './platform/http/errors-handler';
import { registerContentEncoding } from './platform/http/content-encoding';
import { registerSecurity } from './platform/http/security';
import { loggingOptions } from './platform/http/logging';
import { assertMayCall, registerRoutes } from './platform/http/register';
import type { RouteDef } from './platform/http/route';
import { registerDocs } from './platform/http/openapi';
import { registerFileDownloads } from './platform/storage/downloads';
import { pendingBuildFile } from './platform/builds';
import type { Platform } from './platform/services';
import { registerMultipart } from './platform/http/multipart';
import { registerCsvBodies } from './platform/imports/source';
import { allRoutes, wireModules } from './modules';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(
  platform: Platform,
  /** workers: start the queue's workers here (default); the API role (PROCESS_ROLE=api) does not. */
  options: { logger?: boolean; routes?: RouteDef[]; workers?: boolean } = {},
): Promise<FastifyInstance> {
  wireModules();
  const app = Fastify({
    ...loggingOptions(platform.config.logLevel, options.logger === true),
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default).
    trustProxy: platform.config.trustProxy,
    clientErrorHandler,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // An empty body with a JSON content type (e.g. POST /clients/{id}/archive) is no body at all.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // Webhooks (route option rawBody) verify a signature over the exact text: it stays unparsed.
    if ((request.routeOptions.config as { rawBody?: boolean }).rawBody) return done(null, text);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('The body is not valid JSON.'), {
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        statusCode: 400,
      });
      done(error, undefined);
    }
  });
  registerContentEncoding(app);
  // Before the security plugins: the routes they add (CORS preflights) answer errors the same way.
  installErrorHandling(app);
  await registerSecurity(app, platform.config);

  const routes = options.routes ?? allRoutes();
  await registerMultipart(app, platform.storage, routes, (def, request) =>
    assertMayCall(platform, def, request),
  );
  registerCsvBodies(app, platform.storage, routes, (def, request) =>
    assertMayCall(platform, def, request),
  );
  registerRoutes(app, platform, routes);
  registerFileDownloads(app, platform.storage, (key) => pendingBuildFile(platform.db, key));
  await registerDocs(app, routes);
  // Background workers live as long as the API: started here, stopped (gracefully) on close.
  if (options.workers ?? true) await platform.queue.work(platform, app.log);
  app.addHook('onClose', () => platform.queue.stop());
  // Event streams end before the server waits for its connections to close.
  app.addHook('preClose', async () => platform.live.endAll('shutting_down'));
  app.get('/healthz', async () => {
    await platform.db.query('SELECT 1');
    return { status: 'ok', database: platform.db.engine };
  });
  return app;
}
