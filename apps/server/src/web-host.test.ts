import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { buildWebHost } from './web-host';

const INDEX = '<!doctype html><html><head><script src="/env.js"></script></head>'.padEnd(2000, ' ');
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(400))});`;
const ASSET = '/assets/index-Ab12Cd34.js';

/** A built app in miniature, as the web build writes it: files with their .br and .gz copies. */
function writeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'fieldwork-web-dist-')) + '/';
  mkdirSync(join(dist, 'assets'));
  for (const [path, content] of [
    ['index.html', INDEX],
    [ASSET, SCRIPT],
  ] as const) {
    writeFileSync(join(dist, path), content);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
  }
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

let dist: string;
let web: FastifyInstance;

beforeAll(async () => {
  dist = writeDist();
  const config = loadConfig({
    PUBLIC_API_URL: 'https://api.fieldwork.test',
    PUBLIC_WEB_URL: 'https://app.fieldwork.test',
  });
  const host = await buildWebHost(config, dist);
  if (!host) throw new Error('no web host for a dist with an index.html');
  web = host;
});

afterAll(async () => {
  await web.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  web.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web host serves the build precompressed', () => {
  it('answers brotli to a browser that accepts it', async () => {
    const response = await get(ASSET, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers gzip to a client that accepts only gzip', async () => {
    const response = await get(ASSET, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers the file itself to a client that accepts no encoding', async () => {
    for (const encoding of [undefined, 'identity']) {
      const response = await get(ASSET, encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('serves index.html compressed too, at / and at a client-side route', async () => {
    for (const url of ['/', '/organisations/acme/projects']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    }
  });
});

describe('caching', () => {
  it('caches hashed assets for a year as immutable, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get(ASSET, encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html revalidated before each use, at / and at client-side routes', async () => {
    for (const url of ['/', '/index.html', '/signin', '/organisations/acme/projects']) {
      for (const encoding of ['br', undefined]) {
        const response = await get(url, encoding);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    }
  });

  it('answers 304 to a revalidation of an unchanged index.html', async () => {
    const first = await get('/');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await web.inject({ url: '/', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('never caches the runtime configuration, and 404s a missing hashed asset', async () => {
    const env = await get('/env.js');
    expect(env.headers['cache-control']).toBe('no-store');
    expect(env.body).toContain('https://api.fieldwork.test');
    expect((await get('/assets/gone-12345678.js')).statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy fitted to the app, and the other helmet headers', async () => {
    for (const url of ['/', ASSET, '/env.js', '/organisations/acme/projects']) {
      const response = await get(url);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("connect-src 'self' https://api.fieldwork.test");
      expect(policy).toContain('img-src');
      expect(policy).toContain('https://*.tile.openstreetmap.org');
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['permissions-policy']).toContain('microphone=()');
      // Its own pages may ask for the location a photo is stamped with; nothing embedded may.
      expect(response.headers['permissions-policy']).toContain('geolocation=(self)');
    }
  });

  it('allows no inline script and no eval', async () => {
    const policy = String((await get('/')).headers['content-security-policy']);
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('over plain http (local runs) neither upgrades requests nor sends HSTS', async () => {
    const local = await buildWebHost(loadConfig({ WEB_PORT: '3000', API_PORT: '3333' }), dist);
    try {
      const response = await local!.inject({ url: '/' });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("connect-src 'self' http://localhost:3333");
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await local?.close();
    }
  });
});
