import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createDatabase, serverAnswers } from '../apps/server/test/test-database';
import { openMailbox, startMailbox } from './mailbox';
import type { Mailbox } from './mailbox';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const STARTUP_TIMEOUT_MS = 180_000; // once a run, on a machine that may be busy

/**
 * Support staff of the product the journeys share (SUPPORT_EMAILS): one address per journey that
 * signs up as support staff, since an address can be registered only once in a run.
 */
export const SUPPORT_EMAILS = {
  changelog: 'support-changelog-e2e@example.test',
  gating: 'support-gating-e2e@example.test',
  impersonation: 'support-impersonation-e2e@example.test',
} as const;

export interface Product {
  apiUrl: string;
  webUrl: string;
  /** Every e-mail the server sends arrives here over SMTP (SMTP_URL). */
  mailbox: Mailbox;
}

interface ProductAddresses {
  apiUrl: string;
  webUrl: string;
  inboxUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    product: ProductAddresses;
  }
}

/**
 * The real product every journey of the run shares (started once by `global-setup.ts`). Each
 * journey registers its own accounts and organisations, so journeys stay independent.
 */
export function useProduct(): Product {
  const { apiUrl, webUrl, inboxUrl } = inject('product');
  return { apiUrl, webUrl, mailbox: openMailbox(inboxUrl) };
}

/**
 * Starts the real product: `tsx apps/server/src/main.ts` on free ports with a fresh data folder
 * and no demo data, serving the built apps/web/dist, with its e-mail going to a local mailbox.
 * Answers the addresses and a function that stops it all.
 */
export async function startProduct(): Promise<{
  addresses: ProductAddresses;
  stop: () => Promise<void>;
}> {
  if (!existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build --workspace apps/web');
  }
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldwork-e2e-'));
  const database = await journeyDatabase();
  const mailbox = await startMailbox();
  const addresses = {
    apiUrl: `http://localhost:${apiPort}`,
    webUrl: `http://localhost:${webPort}`,
    inboxUrl: mailbox.inboxUrl,
  };
  let output = '';

  // node --import tsx runs the server in this one process, so stopping it is one kill by pid.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: mailbox.smtpUrl,
      SUPPORT_EMAILS: Object.values(SUPPORT_EMAILS).join(','),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const stopped = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([stopped, sleep(10_000)]);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    await mailbox.close();
    await database?.drop();
  };

  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`))),
  );
  try {
    await Promise.race([
      Promise.all([
        waitUntilAnswering(`${addresses.apiUrl}/healthz`),
        waitUntilAnswering(`${addresses.webUrl}/`),
      ]),
      exited,
    ]);
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n--- server output ---\n${output}`);
  }
  // Later output (warnings, a crash) goes to the run's own output.
  server.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
  server.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  exited.catch(() => undefined);
  return { addresses, stop };
}

/**
 * The product's database for the run: a fresh database on the machine's PostgreSQL when one answers
 * (E2E_DATABASE=pglite keeps the embedded default). The server suites run every query on both
 * engines; here the real server answers a browser's calls faster than the in-process PGlite,
 * which shares the product's one thread.
 */
async function journeyDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (process.env.E2E_DATABASE === 'pglite' || !(await serverAnswers())) return undefined;
  return createDatabase(`fieldwork_e2e_${process.pid}_${Date.now().toString(36)}`, undefined, {
    durable: false,
  });
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
