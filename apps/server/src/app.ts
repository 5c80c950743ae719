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
import type { Platform } from './platform/services';
import { identityRoutes } from './modules/identity/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { clientRoutes } from './modules/clients/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { peopleRoutes } from './modules/people/routes';
import { teamRoutes } from './modules/teams/routes';
import { qualificationsResource } from './modules/qualifications/qualifications.resource';
import { resourceRoutes } from './platform/resource-kit';
import { registerMultipart } from './platform/http/multipart';
import { billingRoutes } from './modules/billing/routes';
import { organisationSetupRoutes } from './modules/organisation-setup/routes';
import { changelogRoutes } from './modules/changelogs/routes';
import { projectRoutes } from './modules/projects/routes';
import { siteRoutes } from './modules/sites/routes';
import { formRoutes } from './modules/forms/routes';
import { jobRoutes } from './modules/jobs/routes';
import { planAndVisitRoutes } from './modules/jobs/plans-visits.routes';
import { registerCsvBodies } from './platform/imports/source';
import { backgroundTaskRoutes } from './platform/queue/routes';
import { jobSheetRoutes } from './modules/job-sheets/routes';
import { jobSheetPhotoRoutes } from './modules/job-sheets/photos/routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Every route the API serves, in one list: registration, OpenAPI and the access tests read it. */
export function allRoutes(): RouteDef[] {
  return [
    ...identityRoutes(),
    ...organisationRoutes(),
    ...apiKeyRoutes(),
    ...clientRoutes(),
    ...peopleRoutes(),
    ...teamRoutes(),
    ...resourceRoutes(qualificationsResource),
    ...billingRoutes(),
    ...organisationSetupRoutes(),
    ...changelogRoutes(),
    ...projectRoutes(),
    ...siteRoutes(),
    ...formRoutes(),
    ...backgroundTaskRoutes(),
    ...jobRoutes(),
    ...jobSheetRoutes(),
    ...jobSheetPhotoRoutes(),
    ...planAndVisitRoutes(),
  ];
}

export async function buildApp(
  platform: Platform,
  options: { logger?: boolean; routes?: RouteDef[] } = {},
): Promise<FastifyInstance> {
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
  registerFileDownloads(app, platform.storage);
  await registerDocs(app, routes);
  // Background workers live as long as the API: started here, stopped (gracefully) on close.
  await platform.queue.work(platform, app.log);
  app.addHook('onClose', () => platform.queue.stop());
  app.get('/healthz', async () => {
    await platform.db.query('SELECT 1');
    return { status: 'ok', database: platform.db.engine };
  });
  return app;
}
