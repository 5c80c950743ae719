import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startMailbox } from './mailbox';
import type { Mailbox } from './mailbox';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const STARTUP_TIMEOUT_MS = 90_000;

/** Support staff of every product the journeys start (SUPPORT_EMAILS). */
export const SUPPORT_EMAIL = 'support-e2e@example.test';

export interface Product {
  apiUrl: string;
  webUrl: string;
  /** Every e-mail the server sends arrives here over SMTP (SMTP_URL). */
  mailbox: Mailbox;
}

/**
 * Starts the real product for the journeys of one file: `tsx apps/server/src/main.ts` on free
 * ports with a fresh data folder and no demo data, serving the built apps/web/dist. The returned
 * object is filled in once beforeAll has run.
 */
export function useProduct(): Product {
  const product = { apiUrl: '', webUrl: '' } as Product;
  let server: ChildProcess | undefined;
  let dataDir = '';
  let output = '';

  beforeAll(async () => {
    if (!existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
      throw new Error('Build the web app first: npm run build --workspace apps/web');
    }
    const [apiPort, webPort] = [await freePort(), await freePort()];
    dataDir = mkdtempSync(join(tmpdir(), 'fieldwork-e2e-'));
    product.mailbox = await startMailbox();
    product.apiUrl = `http://localhost:${apiPort}`;
    product.webUrl = `http://localhost:${webPort}`;

    // node --import tsx runs the server in this one process, so stopping it is one kill by pid.
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        API_PORT: String(apiPort),
        WEB_PORT: String(webPort),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SMTP_URL: product.mailbox.url,
        SUPPORT_EMAILS: SUPPORT_EMAIL,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    const exited = new Promise<never>((_, reject) =>
      server?.once('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`))),
    );
    await Promise.race([
      Promise.all([
        waitUntilAnswering(`${product.apiUrl}/healthz`),
        waitUntilAnswering(`${product.webUrl}/`),
      ]),
      exited,
    ]).catch((error: unknown) => {
      throw new Error(`${String(error)}\n--- server output ---\n${output}`);
    });
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const stopped = new Promise((done) => server?.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([stopped, sleep(10_000)]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await product.mailbox?.close();
  });

  return product;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitUntilAnswering(url: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${STARTUP_TIMEOUT_MS} ms`);
    await sleep(250);
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
