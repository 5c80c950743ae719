import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPlatform } from '../src/platform/bootstrap';
import { allJobs, allUploadKinds } from '../src/modules';
import { openPglite, type Db } from '../src/platform/db/engine';
import type { Platform } from '../src/platform/services';
import { newId } from '../src/platform/ids';
import { S3_TEST_ENV, TEST_BUCKET } from './s3-server';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../src/seed/demo';

export const usingPostgres = () => process.env.TEST_DB === 'postgres';

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  close(): Promise<void>;
}

/**
 * A fresh API on the leg's database: the run's PostgreSQL database, or this worker's PGlite (a
 * copy of the run's migrated template, see test/pglite-setup.ts, opened once per worker).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldwork-test-'));
  const databaseUrl = usingPostgres() ? inject('databaseUrl') : undefined;
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      // On the shared PostgreSQL database each worker has its own queue schema, so one worker's
      // apps never take another's jobs (PGlite's is the worker's own database).
      ...(databaseUrl ? { QUEUE_SCHEMA: WORKER_QUEUE_SCHEMA } : {}),
      ...(usingPostgres() ? s3Storage() : {}),
      ...env,
    }),
    databaseUrl,
  };
  const platform = await createPlatform(
    config,
    { jobs: allJobs(), uploadKinds: allUploadKinds() },
    databaseUrl ? undefined : await workerPglite(),
  );
  // Before the app's workers start: nothing an earlier file's app left queued runs in this one.
  if (openApps === 0) await platform.db.query(`DELETE FROM ${config.queueSchema}.job`);
  const app = await buildApp(platform);
  openApps++;
  return {
    app,
    platform,
    async close() {
      await app.close();
      openApps--;
      if (databaseUrl) await platform.db.close(); // the worker's PGlite stays open for the next file
      await platform.storage.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A worker's test files run one after another and share its queue schema (PostgreSQL) or its
 * whole database (PGlite), as the PostgreSQL leg's files share the run's database all at once
 * (each test's organisations are its own either way). Opening PGlite on a fresh copy of the
 * template took 1–2 s a file (copying 47 MB, then starting the engine), and a new queue schema
 * about 0.4 s an app. The queue starts empty for each file: what an earlier file's app left
 * queued is removed while none of the worker's apps is open.
 */
const WORKER_QUEUE_SCHEMA = `pgboss_${newId()}`;
let workerDatabase: Promise<Db> | undefined;
let openApps = 0;
function workerPglite(): Promise<Db> {
  workerDatabase ??= pgliteCopy().then((dir) => openPglite(dir));
  return workerDatabase;
}

/** The PostgreSQL leg's files: the run's S3-compatible server, under a prefix of the app's own. */
function s3Storage(): Record<string, string> {
  Object.assign(process.env, S3_TEST_ENV);
  const endpoint = encodeURIComponent(inject('s3Endpoint'));
  return { STORAGE_URL: `s3://${TEST_BUCKET}?endpoint=${endpoint}&prefix=app-${newId()}` };
}

/** A private copy of the migrated PGlite template (removed when the worker ends), or none. */
async function pgliteCopy(): Promise<string | undefined> {
  const template = inject('pgliteTemplate');
  if (!template) return undefined;
  const copy = await mkdtemp(join(tmpdir(), 'fieldwork-pglite-'));
  await cp(template, copy, { recursive: true });
  process.once('exit', () => rmSync(copy, { recursive: true, force: true }));
  return copy;
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A small client over inject(): JSON in, parsed JSON out. */
export function client(app: FastifyInstance, token?: string, base = '') {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<Reply> => {
    const response = await app.inject({
      method,
      url: base + url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const text = response.body;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.statusCode, body: parsed, headers: response.headers };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown) => call('POST', url, body),
    put: (url: string, body?: unknown) => call('PUT', url, body),
    patch: (url: string, body?: unknown) => call('PATCH', url, body),
    delete: (url: string, body?: unknown) => call('DELETE', url, body),
    call,
  };
}
export type Client = ReturnType<typeof client>;

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.test`;

export interface Member {
  token: string;
  userId: string;
  email: string;
  api: Client;
}

export async function signUp(app: FastifyInstance, name = 'Test User'): Promise<Member> {
  const email = uniqueEmail();
  const response = await client(app).post('/users/register', {
    name,
    email,
    password: 'correct horse battery',
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`);
  const token = response.body.accessToken as string;
  return { token, userId: response.body.user.id as string, email, api: client(app, token) };
}

export interface OrganisationFixture {
  id: string;
  slug: string;
  owner: Member;
  /** The owner's client on the organisation's base path. */
  api: Client;
}

export async function createOrganisation(
  app: FastifyInstance,
  name = 'Acme Surveys',
): Promise<OrganisationFixture> {
  const owner = await signUp(app, `${name} Owner`);
  const response = await owner.api.post('/me/organisations/register', { name });
  if (response.status !== 201)
    throw new Error(`organisation failed: ${JSON.stringify(response.body)}`);
  const { id, slug } = response.body.organisation as { id: string; slug: string };
  return { id, slug, owner, api: client(app, owner.token, `/organisations/${id}`) };
}

/** Adds a member with a role directly (the invite flow belongs to the identity issue). */
export async function addMember(
  test: TestApp,
  organisation: OrganisationFixture,
  role: Role,
): Promise<OrgMember> {
  const member = await signUp(test.app, `${role} member`);
  await test.platform.db.query(
    `INSERT INTO memberships (id, organisation_id, user_id, role, guest) VALUES ($1, $2, $3, $4, $5)`,
    [newId(), organisation.id, member.userId, role, role === 'GUEST'],
  );
  return { ...member, orgApi: client(test.app, member.token, `/organisations/${organisation.id}`) };
}

export type Role = 'ADMIN' | 'MANAGER' | 'OPERATIVE' | 'GUEST';
/** A member with their client on the organisation's base path. */
export type OrgMember = Member & { orgApi: Client };

export interface OrganisationApp<Names extends string> {
  test: TestApp;
  org: OrganisationFixture;
  /** The second organisation (for isolation checks); only when one was asked for. */
  readonly other: OrganisationFixture;
  members: Record<Names, OrgMember>;
}

/**
 * The usual opening of a module's test file: a fresh app, its organisation (the owner is an
 * admin), optionally a second organisation, and members by name and role, added in order.
 */
export async function startOrganisationApp<Names extends string = never>(
  name: string,
  options: { other?: string; members?: Record<Names, Role>; env?: Record<string, string> } = {},
): Promise<OrganisationApp<Names>> {
  const test = await startTestApp(options.env);
  const org = await createOrganisation(test.app, name);
  const other = options.other ? await createOrganisation(test.app, options.other) : undefined;
  const members = {} as Record<Names, OrgMember>;
  for (const [key, role] of Object.entries(options.members ?? {}) as Array<[Names, Role]>) {
    members[key] = await addMember(test, org, role);
  }
  return {
    test,
    org,
    get other() {
      if (!other) throw new Error('startOrganisationApp: no second organisation was asked for');
      return other;
    },
    members,
  };
}

/**
 * startOrganisationApp for a whole test file, called at its top level: the app, organisations and
 * members are filled in before the file's own hooks and tests run, and the app is closed after.
 *   const { test, org, other, members: { manager } } = organisationApp('Jobs Org', { … });
 */
export function organisationApp<Names extends string = never>(
  name: string,
  options: { other?: string; members?: Record<Names, Role>; env?: Record<string, string> } = {},
): {
  test: TestApp;
  org: OrganisationFixture;
  other: OrganisationFixture;
  members: Record<Names, OrgMember>;
} {
  const test = {} as TestApp;
  const org = {} as OrganisationFixture;
  const other = {} as OrganisationFixture;
  const names = Object.keys(options.members ?? {}) as Names[];
  const members = Object.fromEntries(names.map((key) => [key, {}])) as Record<Names, OrgMember>;
  beforeAll(async () => {
    const started = await startOrganisationApp(name, options);
    Object.assign(test, started.test);
    Object.assign(org, started.org);
    if (options.other) Object.assign(other, started.other);
    for (const key of names) Object.assign(members[key], started.members[key]);
  });
  afterAll(() => test.close?.());
  return { test, org, other, members };
}

/** Seeds the demo organisation and answers Dana Demo's client on its base path. */
export async function signInToDemo(test: TestApp): Promise<Client> {
  await seedDemo(test.platform);
  const signedIn = await client(test.app).post('/auth/web', {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  const token = signedIn.body.accessToken as string;
  const context = (await client(test.app, token).get('/me/context')).body as {
    organisations: Array<{ id: string; name: string }>;
  };
  const demo = context.organisations.find((o) => o.name === 'Demo Construction Ltd')!;
  return client(test.app, token, `/organisations/${demo.id}`);
}

/** signInToDemo for a whole test file, called at its top level: `api` is Dana Demo's client. */
export function demoApp(): { test: TestApp; api: Client } {
  const test = {} as TestApp;
  const api = {} as Client;
  beforeAll(async () => {
    Object.assign(test, await startTestApp());
    Object.assign(api, await signInToDemo(test));
  });
  afterAll(() => test.close?.());
  return { test, api };
}

/**
 * A file link's answer as the web app gets it: a build still in progress (202) is asked again
 * until it is done (up to 30 s), and the S3 leg's redirect to the bucket is followed.
 */
export async function getFile(app: FastifyInstance, url: string): ReturnType<typeof getFileOnce> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await getFileOnce(app, url);
    if (answer.statusCode !== 202 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function getFileOnce(
  app: FastifyInstance,
  url: string,
): Promise<{
  statusCode: number;
  headers: Record<string, string | undefined>;
  rawPayload: Buffer;
  body: string;
}> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const answer = await app.inject({ method: 'GET', url: pathname + search });
  const location = answer.headers.location;
  if (answer.statusCode !== 302 || typeof location !== 'string') {
    const headers = Object.fromEntries(
      Object.entries(answer.headers).map(([name, value]) => [name, value?.toString()]),
    );
    return {
      statusCode: answer.statusCode,
      headers,
      rawPayload: answer.rawPayload,
      body: answer.body,
    };
  }
  const direct = await fetch(location);
  const rawPayload = Buffer.from(await direct.arrayBuffer());
  return {
    statusCode: direct.status,
    headers: Object.fromEntries(direct.headers.entries()),
    rawPayload,
    body: rawPayload.toString('utf8'),
  };
}

/** The keys the app's storage holds under a prefix, on either backend. */
export async function storedKeys(test: TestApp, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of test.platform.storage.keys(prefix)) keys.push(key);
  return keys.sort();
}

/**
 * Stored keys under `prefix` that were not there `before`: what a refused request must not leave
 * behind. (Comparing the whole list instead fails when an earlier test's removal lands meanwhile.)
 */
export async function keysAddedSince(
  test: TestApp,
  prefix: string,
  before: string[],
): Promise<string[]> {
  const earlier = new Set(before);
  return (await storedKeys(test, prefix)).filter((key) => !earlier.has(key));
}

/**
 * Waits until the organisation's stored files left without rows have been removed: removals run on
 * the queue once the deleting change has committed (stored_file_removals), so a test that counts
 * files waits for them first.
 */
export async function removalsDone(test: TestApp, organisationId: string): Promise<void> {
  const waiting = () =>
    test.platform.db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('app.organisation_id', $1, true)`, [organisationId]);
      // Named, not left to row security: the test's connection may be a superuser, which row
      // security does not bind, and another file's organisation may have left removals behind.
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM stored_file_removals WHERE organisation_id = $1`,
        [organisationId],
      );
      return rows[0]!.n;
    });
  await expect.poll(waiting).toBe(0);
}
