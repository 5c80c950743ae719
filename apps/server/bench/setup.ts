import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Organisation, User } from '@fieldwork/contract';
import { connectPostgres } from '../src/platform/db/engine';
import { migrate } from '../src/platform/db/migrate';
import {
  ADMIN_URL as TEST_ADMIN_URL,
  createDatabase,
  databaseUrl,
  dropDatabase as dropTestDatabase,
} from '../test/test-database';
import { get } from './measure';

/** What the benches share: a database of their own on a PostgreSQL server, and the API process. */
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? TEST_ADMIN_URL;
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export const benchDatabaseUrl = (database: string) => databaseUrl(database, ADMIN_URL);

/** Drops and recreates the database, then runs the migrations. */
export async function prepareDatabase(database: string) {
  await dropDatabase(database);
  await createDatabase(database, ADMIN_URL);
  const db = connectPostgres(benchDatabaseUrl(database), 2);
  await migrate(db);
  await db.close();
}

export const dropDatabase = (database: string) => dropTestDatabase(database, ADMIN_URL);

/**
 * How a worker process runs (package.json's start:worker, compose.yaml's worker, the Dockerfile's
 * worker line; docs/decisions.md, "Worker heap ceiling"): V8 flags, and glibc's malloc arenas
 * capped at two. BENCH_WORKER_NODE_OPTIONS and BENCH_WORKER_MALLOC_ARENA_MAX replace them ('' runs
 * the worker without).
 */
const WORKER_NODE_FLAGS = (
  process.env.BENCH_WORKER_NODE_OPTIONS ?? '--max-old-space-size=512 --max-semi-space-size=4'
)
  .split(' ')
  .filter(Boolean);
const WORKER_ARENAS = process.env.BENCH_WORKER_MALLOC_ARENA_MAX ?? '2';

/**
 * Starts the API (src/main.ts) as a separate process on the database and waits until it answers;
 * a worker (PROCESS_ROLE=worker) as a worker runs (above).
 */
export async function startApi(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  // An API left running on the port (a bench killed midway) would answer instead of this one.
  const stale = await get(`http://127.0.0.1:${port}/healthz`, {}).catch(() => null);
  if (stale) throw new Error(`Port ${port} is already taken: stop the process listening there.`);
  const worker = env.PROCESS_ROLE === 'worker';
  const flags = worker ? WORKER_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      WEB_PORT: String(port + 1),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: '/tmp/fieldwork-bench',
      ...(worker && WORKER_ARENAS ? { MALLOC_ARENA_MAX: WORKER_ARENAS } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // PGlite starts (and migrates) slowly on a busy machine: up to two minutes.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await get(`http://127.0.0.1:${port}/healthz`, {})).status === 200) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('API did not start');
}

/** Stops the API and waits for it to exit (its pool must be closed before the database is dropped). */
export async function stopApi(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** One API call with a bearer token (JSON in and out); anything but 2xx is thrown with its body. */
export async function call<T>(
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * One API call with its answer's status and JSON body (null when it has none), whatever the
 * status; a JSON body is sent with its content type.
 */
export async function send<T>(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

async function post<T>(port: number, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** A record as the API answers its creation. */
export interface Created {
  data: { id: string };
}

export interface BenchOrganisation {
  id: string;
  userId: string;
  token: string;
  refreshToken: string;
}

/** A user and their organisation, registered through the API as a person would. */
export async function registerOrganisation(port: number, name: string): Promise<BenchOrganisation> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@bench.test`;
  const { accessToken, refreshToken, user } = await post<{
    accessToken: string;
    refreshToken: string;
    user: User;
  }>(port, '/users/register', { name, email, password: 'bench password' });
  const { organisation } = await post<{ organisation: Organisation }>(
    port,
    '/me/organisations/register',
    { name },
    accessToken,
  );
  return { id: organisation.id, userId: user.id, token: accessToken, refreshToken };
}

/** A fresh access token through the sign-in form (bench users' password is 'bench password'). */
export async function signIn(port: number, name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@bench.test`;
  const { accessToken } = await post<{ accessToken: string }>(port, '/auth/web', {
    email,
    password: 'bench password',
  });
  return accessToken;
}

/** The rotated refresh token of each bench session, keyed by the one it started with. */
const latestRefreshToken = new Map<string, string>();

/**
 * Access tokens live five minutes: a bench that runs longer takes a fresh one per measurement.
 * Refresh tokens rotate (a retired one presented again ends the session), so the newest one of
 * the session is sent each time.
 */
export async function refreshAccessToken(port: number, refreshToken: string) {
  const answer = await post<{ accessToken: string; refreshToken: string }>(port, '/auth/refresh', {
    refreshToken: latestRefreshToken.get(refreshToken) ?? refreshToken,
  });
  latestRefreshToken.set(refreshToken, answer.refreshToken);
  return answer.accessToken;
}

/** Calls to an organisation's routes (`path` from /organisations/{id}), as `call` makes them. */
export type OrganisationApi = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * Calls to an organisation's routes with its owner's token. Access tokens live five minutes: a
 * refused one is refreshed and the call made again.
 */
export function organisationApi(port: number, organisation: BenchOrganisation): OrganisationApi {
  const base = `http://127.0.0.1:${port}/organisations/${organisation.id}`;
  let token = organisation.token;
  return async <T>(method: string, path: string, body?: unknown) => {
    try {
      return await call<T>(method, `${base}${path}`, token, body);
    } catch (error) {
      if (!String(error).includes(': 401 ')) throw error;
      token = await refreshAccessToken(port, organisation.refreshToken);
      return call<T>(method, `${base}${path}`, token, body);
    }
  };
}

export interface Report {
  status: string;
  file: { size: number } | null;
  exception: string | null;
}

/** Asks for a report to be built on the queue and waits until it is READY or FAILED. */
export async function buildReport(api: OrganisationApi, path: string, body: unknown) {
  const asked = await api<Created>('POST', path, body);
  for (;;) {
    const report = (await api<{ data: Report }>('GET', `/reports/${asked.data.id}`)).data;
    if (report.status === 'READY' || report.status === 'FAILED') return report;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
