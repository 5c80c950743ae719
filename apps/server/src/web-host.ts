import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';
import { WEB_PERMISSIONS_POLICY } from './platform/http/security';
import { webContentSecurityPolicy } from './web-host-policy';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Files under /assets/ carry a hash of their content in their name: they never change. */
const HASHED_ASSET = /[\\/]assets[\\/]/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the files beside it: cached, but asked again (ETag) before each use. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app with its runtime settings at /env.js and a single-page fallback:
 * the precompressed copies the build wrote (brotli, else gzip, else the file itself, as the
 * browser accepts), hashed assets cached for a year, everything else revalidated, and the
 * security headers of @fastify/helmet with a Content-Security-Policy fitted to what the app loads.
 */
export async function buildWebHost(
  config: Config,
  dist: string = WEB_DIST,
): Promise<FastifyInstance | null> {
  if (!existsSync(dist + 'index.html')) return null;
  const web = Fastify({ logger: false });
  const https = config.publicWebUrl.startsWith('https:');
  await web.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: webContentSecurityPolicy(config) },
    // Browsers ignore HSTS over plain http; sent only when the app is served over https.
    strictTransportSecurity: https ? undefined : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  web.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', WEB_PERMISSIONS_POLICY);
  });
  const env = { apiUrl: config.publicApiUrl, environment: config.environment };
  web.get('/env.js', async (_request, reply) =>
    reply
      .type('application/javascript')
      .header('cache-control', 'no-store')
      .send(`window.__FIELDWORK_ENV__ = ${JSON.stringify(env)};`),
  );
  await web.register(fastifyStatic, {
    root: dist,
    index: ['index.html'],
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, path) => {
      response.setHeader('cache-control', HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE);
      // The answer depends on Accept-Encoding (preCompressed), whichever copy was sent.
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  web.setNotFoundHandler((request, reply) => {
    // A missing hashed asset is a stale version; anything else is a client-side route.
    if (request.url.startsWith('/assets/')) return reply.code(404).send('Not found');
    return reply.sendFile('index.html');
  });
  return web;
}
