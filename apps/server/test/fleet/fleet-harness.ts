import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

export type Role = 'api' | 'worker' | 'all';

/** One product process (node --import tsx src/main.ts) with its role, as a fleet runs it. */
export interface FleetProcess {
  role: Role;
  url: string;
  child: ChildProcess;
  /** Everything it printed (for a failure's message). */
  output(): string;
  /** Resolves with its exit code (or signal) once it has exited. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function freePort(): Promise<number> {
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

/** Spawns one process with env on top of the common one; resolves once it answers /healthz. */
export async function startProcess(
  role: Role,
  env: Record<string, string>,
  options: { waitForHealth?: boolean } = {},
): Promise<FleetProcess> {
  const apiPort = env.API_PORT ? Number(env.API_PORT) : await freePort();
  const webPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldwork-fleet-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', `--role=${role}`], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const url = `http://127.0.0.1:${apiPort}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (!running()) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const proc: FleetProcess = { role, url, child, output: () => output, exited, stop };
  if (options.waitForHealth === false) return proc;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (!running()) throw new Error(`The ${role} process exited:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`The ${role} process did not answer in ${STARTUP_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface InjectOptions {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/**
 * The test harness's clients (client(), signUp(), sendMultipart(), getFile()) call app.inject();
 * this stands in for the app and sends each call over HTTP to base (the fleet's proxy) instead.
 */
export function overHttp(base: string): FastifyInstance {
  const inject = async (options: InjectOptions) => {
    const response = await fetch(base + options.url, {
      method: options.method,
      headers: options.headers,
      body: options.payload,
      redirect: 'manual',
    });
    const rawPayload = Buffer.from(await response.arrayBuffer());
    const body = rawPayload.toString('utf8');
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      rawPayload,
      body,
      json: () => JSON.parse(body) as unknown,
    };
  };
  return { inject } as unknown as FastifyInstance;
}
