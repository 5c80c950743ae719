import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { usingPostgres } from '../../../test/harness';
import { createDatabase } from '../../../test/test-database';
import { connectPostgres, openPglite, type Db } from '../db/engine';
import { newId } from '../ids';

/**
 * Jobs survive the death of their process: the real product (src/main.ts, a child process) takes a
 * password-reset request while its SMTP server is unreachable, so the e-mail's first attempt
 * fails and waits for its retry; the process is killed with SIGKILL; a new process on the same
 * database delivers the e-mail once its retry is due, exactly once.
 */
const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../..');
const PASSWORD = 'correct horse battery';

let dataDir: string;
let smtp: SMTPServer;
let smtpUrl: string;
const received: Array<{ to: string; raw: string }> = [];
const env: Record<string, string> = {};
const children: ChildProcess[] = [];
let dropDatabase = async () => {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fieldwork-restart-'));
  // The embedded leg starts from the run's migrated template, as every other app of the suite does,
  // instead of migrating a new database in the product's first start.
  const template = usingPostgres() ? undefined : inject('pgliteTemplate');
  if (template) await cp(template, join(dataDir, 'pglite'), { recursive: true });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const recipient of session.envelope.rcptTo)
          received.push({ to: recipient.address, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  Object.assign(env, {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    QUEUE_SCHEMA: `pgboss_${newId()}`,
    ...(usingPostgres() ? { DATABASE_URL: await ownDatabase() } : {}),
  });
});

/**
 * The PostgreSQL leg's product gets a database of its own: main.ts seeds the changelogs at start,
 * which on the run's shared database would take the "empty table" from the changelogs test.
 */
async function ownDatabase(): Promise<string> {
  const database = await createDatabase(`fieldwork_restart_${newId()}`, undefined, {
    durable: false,
  });
  dropDatabase = () => database.drop();
  return database.url;
}
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await new Promise<void>((done) => smtp.close(() => done()));
  await rm(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

describe('the work queue across a restart', () => {
  it('delivers an e-mail enqueued before a kill -9 exactly once, after the restart', async () => {
    // 1. The product with an SMTP server nobody answers on.
    const first = await startProduct(`smtp://127.0.0.1:${await freePort()}`);
    const email = `restart.${newId()}@example.test`;
    await call(first.apiUrl, '/users/register', { name: 'Restart', email, password: PASSWORD });
    const reset = await call(first.apiUrl, '/password/request_reset_link', { email });
    expect(reset.status).toBe(202);
    await first.waitForOutput(/job failed; will retry/);
    first.child.kill('SIGKILL');
    await new Promise((done) => first.child.once('exit', done));
    expect(received).toHaveLength(0);

    // 2. A new process on the same database, with a working SMTP server.
    const second = await startProduct(smtpUrl);
    const isReset = (mail: { to: string; raw: string }) =>
      mail.to === email && mail.raw.includes('Reset your Fieldwork password');
    const deadline = Date.now() + 60_000;
    while (!received.some(isReset) && Date.now() < deadline) await sleep(200);
    await sleep(1500); // room for a second delivery, which must not come
    expect(received.filter(isReset)).toHaveLength(1);
    await stop(second.child);

    const db = await openDatabase();
    try {
      const { rows } = await db.query<{ status: string; attempts: number; outbox: string }>(
        `SELECT t.status, t.attempts, o.status AS outbox
           FROM background_tasks t
           JOIN outbox_emails o ON o.to_address = $1 AND o.subject LIKE 'Reset%'
          WHERE t.kind = 'send-email' AND t.created_at >= o.created_at
          ORDER BY t.created_at LIMIT 1`,
        [email],
      );
      expect(rows).toEqual([{ status: 'SUCCEEDED', attempts: 2, outbox: 'SENT' }]);
    } finally {
      await db.close();
    }
  }, 180_000);
});

/** The product on two free ports; again on two others if one was taken before it could listen. */
async function startProduct(smtp: string, attempts = 3): Promise<Product> {
  try {
    return await startProductOnce(smtp);
  } catch (error) {
    if (attempts <= 1 || !String(error).includes('EADDRINUSE')) throw error;
    return startProduct(smtp, attempts - 1);
  }
}

interface Product {
  child: ChildProcess;
  apiUrl: string;
  waitForOutput(pattern: RegExp): Promise<void>;
}

async function startProductOnce(smtp: string): Promise<Product> {
  const apiPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      API_PORT: String(apiPort),
      WEB_PORT: String(await freePort()),
      SMTP_URL: smtp,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const waitFor = async (ready: () => Promise<boolean> | boolean, what: string) => {
    const deadline = Date.now() + 90_000;
    while (!(await ready())) {
      if (child.exitCode !== null) throw new Error(`the product exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`no ${what}:\n${output}`);
      await sleep(200);
    }
  };
  await waitFor(
    () =>
      fetch(`${apiUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    'answer from /healthz',
  );
  return {
    child,
    apiUrl,
    waitForOutput: (pattern: RegExp) => waitFor(() => pattern.test(output), String(pattern)),
  };
}

async function call(apiUrl: string, path: string, body: unknown) {
  const response = await fetch(apiUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
}

function openDatabase(): Promise<Db> {
  return env.DATABASE_URL
    ? Promise.resolve(connectPostgres(env.DATABASE_URL, 1))
    : openPglite(join(dataDir, 'pglite'));
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
