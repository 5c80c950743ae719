import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config } from './config';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Serves the built web app with its runtime settings at /env.js and a single-page fallback. */
export async function buildWebHost(config: Config): Promise<FastifyInstance | null> {
  if (!existsSync(WEB_DIST + 'index.html')) return null;
  const web = Fastify({ logger: false });
  const env = { apiUrl: config.publicApiUrl, environment: config.environment };
  web.get('/env.js', async (_request, reply) =>
    reply
      .type('application/javascript')
      .header('cache-control', 'no-store')
      .send(`window.__FIELDWORK_ENV__ = ${JSON.stringify(env)};`),
  );
  await web.register(fastifyStatic, { root: WEB_DIST, index: ['index.html'], wildcard: false });
  web.setNotFoundHandler((request, reply) => {
    // A missing hashed asset is a stale version; anything else is a client-side route.
    if (request.url.startsWith('/assets/')) return reply.code(404).send('Not found');
    return reply.header('cache-control', 'no-store').sendFile('index.html');
  });
  return web;
}
