import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { AppError, forbidden } from '../errors';

/**
 * The browser origins that may call the API: the web app's own (PUBLIC_WEB_URL) and the
 * configured CORS_ORIGINS. A web app on localhost is also reached as 127.0.0.1 / [::1] on the
 * same port, so those count as its origin too. `null` (sandboxed frames, file://) never matches.
 */
export function allowedOrigins(config: Pick<Config, 'publicWebUrl' | 'corsOrigins'>): Set<string> {
  const origins = new Set<string>();
  for (const address of [config.publicWebUrl, ...config.corsOrigins]) {
    const origin = originOf(address);
    if (!origin) continue;
    origins.add(origin);
    const url = new URL(origin);
    if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
      for (const host of ['localhost', '127.0.0.1', '[::1]']) {
        origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
      }
    }
  }
  return origins;
}

function originOf(address: string): string | null {
  try {
    const { origin } = new URL(address);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Browser features neither the API nor the web app uses, switched off for them and anything
 * they embed (the web app takes photos through file inputs, which need no camera permission).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The web app's own policy: the same, except that its own pages may ask for the phone's location,
 * which a photo is stamped with at upload when the operative grants it (docs/job-sheets.md
 * "Photo evidence"); nothing it embeds may.
 */
export const WEB_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace(
  'geolocation=()',
  'geolocation=(self)',
);

/**
 * Security headers (helmet) and CORS for the API. The API serves JSON, so its own
 * Content-Security-Policy forbids everything (the readable docs at /docs set their own); files
 * behind signed links may be shown by the web app on another origin. Every API answer is
 * `Cache-Control: no-store` unless a route says otherwise: answers carry tokens, secrets and
 * organisation data that no shared or browser cache should keep.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const origins = allowedOrigins(config);
  // A preflight is refused in the catalogue shape: 403 from an origin that may not call (the
  // CORS plugin would pass it on to a 404), 400 when it is not a whole preflight.
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (request.method !== 'OPTIONS' || origin === undefined) return;
    if (!origins.has(origin)) {
      throw forbidden(`The origin ${origin} may not call this API.`, 'origin_not_allowed');
    }
    if (!request.headers['access-control-request-method']) {
      throw new AppError(
        400,
        'invalid_preflight',
        'A preflight names its method in Access-Control-Request-Method.',
      );
    }
  });
  await app.register(cors, {
    // A disallowed origin gets no Access-Control-Allow-Origin at all: the browser refuses it.
    origin: (origin, done) => done(null, origin !== undefined && origins.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['x-request-id', 'content-disposition'],
  });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // The web app (another origin) shows images and files the API serves behind signed links.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
