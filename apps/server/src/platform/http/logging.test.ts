import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggingOptions } from './logging';

/** The lines an app at `level` writes while answering /ok and /fails once each. */
async function linesAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const destination = { write: (line: string) => lines.push(JSON.parse(line)) };
  const app = Fastify(loggingOptions(level, true, destination));
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  const ok = await app.inject({ url: '/ok', headers: { authorization: 'Bearer secret-token' } });
  expect(ok.statusCode).toBe(200);
  expect((await app.inject({ url: '/fails' })).statusCode).toBe(500);
  await app.close();
  return lines;
}

describe('request logging', () => {
  it('writes one line per request at info, with status and duration, and no token', async () => {
    const lines = await linesAt('info');
    const ok = lines.filter((line) => line.url === '/ok');
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', status: 200 });
    expect(typeof ok[0]!.ms).toBe('number');
    const failed = lines.filter((line) => line.url === '/fails');
    expect(failed.some((line) => line.status === 500)).toBe(true);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('writes no line for a successful request above info', async () => {
    const lines = await linesAt('warn');
    expect(lines.filter((line) => line.url === '/ok')).toHaveLength(0);
  });
});
