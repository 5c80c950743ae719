import { idSchema, recordSchema, ROLE_RANK } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addMember,
  client,
  type Client,
  createOrganisation,
  getFile,
  type TestApp,
} from '../../../test/harness';
import { renderPermissions } from '../http/permissions';
import { defineResource } from './declaration';
import { startKitTest } from './kit-testing';
import { exportCsvRoute } from '../builds';
import { resourceRoutes } from './routes';
import { selectOptionsRoute } from './select-options';

/**
 * A jobs-like entity made for this test: visibility (operatives see the jobs assigned to them and
 * the unassigned pool), a lifecycle (start from NEW, complete from IN_PROGRESS with a note), a
 * policy (operatives start only their own; only admins delete) and a custom filter.
 */
const table = `kit_jobs_${Math.random().toString(36).slice(2, 8)}`;
const jobs = defineResource({
  name: 'kit_jobs',
  label: 'Job',
  table,
  record: recordSchema.extend({
    name: z.string(),
    status: z.enum(['NEW', 'IN_PROGRESS', 'COMPLETED']),
    assignee_id: idSchema.nullable(),
    started_at: z.string().nullable(),
    archived_at: z.string().nullable(),
    permissions: z.record(z.string(), z.boolean()),
  }),
  create: z.object({ name: z.string().min(1), assignee_id: idSchema.nullable().optional() }),
  update: z.object({ name: z.string().min(1) }).partial(),
  fields: {
    name: { type: 'text', filter: true, sort: true },
    status: { type: 'text', filter: true },
    assignee_id: { type: 'id', filter: true },
    started_at: { type: 'timestamp' },
    archived_at: { type: 'timestamp', sort: true },
  },
  filters: {
    started: { sql: (values) => `t.started_at IS ${values[0] === 'true' ? 'NOT ' : ''}NULL` },
  },
  visibility: (ctx, params) =>
    ROLE_RANK[ctx.membership.role] >= ROLE_RANK.MANAGER
      ? null
      : `(t.assignee_id = ${params.add(ctx.user.id)} OR t.assignee_id IS NULL)`,
  archivable: true,
  defaultSort: 'name',
  verbs: ['list', 'get', 'create', 'update', 'delete', 'delete_many', 'archive', 'archive_many'],
  actions: [
    {
      name: 'start',
      past: 'started',
      audit: 'START',
      from: ['NEW'],
      sets: { status: 'IN_PROGRESS' },
      setsSql: { started_at: 'now()' },
      // Widens the window between the status check and the UPDATE for the concurrency test.
      validate: async (ctx, rows) => {
        if (rows.some((row) => row.name === 'Slow')) await ctx.db.query('SELECT pg_sleep(0.3)');
        return new Map(
          rows.filter((row) => row.name === 'Blocked').map((row) => [row.id, 'Blocked.']),
        );
      },
    },
    {
      name: 'complete',
      past: 'completed',
      audit: 'COMPLETE',
      from: ['IN_PROGRESS'],
      sets: { status: 'COMPLETED' },
      body: z.object({ note: z.string().min(1) }),
    },
  ],
  policy: {
    start: {
      role: 'MANAGER',
      rule: {
        role: 'OPERATIVE',
        note: 'only jobs assigned to them',
        sql: (ctx, params) => `t.assignee_id = ${params.add(ctx.user.id)}`,
      },
    },
    delete: { role: 'ADMIN' },
  },
  access: { read: 'OPERATIVE', write: 'OPERATIVE' },
});

let test: TestApp;
let manager: Client;
let operative: Client;
let operativeId: string;
let owner: Client;
const id: Record<string, string> = {};
const kitRoutes = () => [
  ...resourceRoutes(jobs),
  selectOptionsRoute(jobs, { name: 'kit_jobs', tags: ['Job'] }),
  exportCsvRoute(jobs, {
    name: 'kit_jobs',
    columns: [{ key: 'name', header: 'Name' }],
    tags: ['Job'],
    minRole: 'OPERATIVE',
  }),
];

beforeAll(async () => {
  test = await startKitTest(
    table,
    `name text NOT NULL, status text NOT NULL DEFAULT 'NEW', assignee_id text, started_at timestamptz, archived_at timestamptz`,
    kitRoutes(),
  );
  const app = test.app;
  const org = await createOrganisation(app, 'Lifecycle Org');
  owner = org.api;
  const managerMember = await addMember(test, org, 'MANAGER');
  manager = client(app, managerMember.token, `/organisations/${org.id}`);
  const operativeMember = await addMember(test, org, 'OPERATIVE');
  operative = client(app, operativeMember.token, `/organisations/${org.id}`);
  operativeId = operativeMember.userId;
  const other = await addMember(test, org, 'OPERATIVE');
  for (const [name, assignee_id] of [
    ['Mine', operativeId],
    ['Pool', null],
    ['Theirs', other.userId],
    ['Blocked', operativeId],
    ['Mine too', operativeId],
  ] as const) {
    const created = await manager.post('/kit_jobs', { name, assignee_id });
    expect(created.status).toBe(201);
    id[name] = created.body.data.id;
  }
});
afterAll(() => test.close());

const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);
const VISIBLE = ['Blocked', 'Mine', 'Mine too', 'Pool'];

describe('visibility, applied by the kit to every verb', () => {
  it('lists, counts, streams and picks only what the caller may see', async () => {
    const page = await operative.get('/kit_jobs?withIds=true');
    expect(names(page.body.data)).toEqual(VISIBLE);
    expect(page.body.meta.total).toBe(4);
    expect(page.body.ids).toHaveLength(4);
    expect(names((await operative.get('/kit_jobs?page=all')).body.data)).toEqual(VISIBLE);
    expect(names((await operative.get('/select_options/kit_jobs')).body.data)).toEqual(VISIBLE);
    const filtered = await operative.get('/kit_jobs?filter[name]=Theirs');
    expect(filtered.body.meta.total).toBe(0);
    expect((await manager.get('/kit_jobs')).body.meta.total).toBe(5);
  });

  it('exports only what the caller may see', async () => {
    const exported = await operative.post('/exports/kit_jobs_csv');
    expect(exported.status).toBe(200);
    const url = new URL(exported.body.url as string);
    const file = await getFile(test.app, url.toString());
    expect(file.body).toContain('Mine');
    expect(file.body).not.toContain('Theirs');
  });

  it('answers not found for a record out of sight, one or many', async () => {
    expect((await operative.get(`/kit_jobs/${id.Theirs}`)).status).toBe(404);
    expect((await operative.get(`/kit_jobs/${id.Mine}`)).status).toBe(200);
    expect((await operative.put(`/kit_jobs/${id.Theirs}`, { name: 'x' })).status).toBe(404);
    expect((await operative.post(`/kit_jobs/${id.Theirs}/archive`)).status).toBe(404);
    const archived = await operative.post('/kit_jobs/archive_many', {
      ids: [id.Pool, id.Theirs],
    });
    expect(archived.body.archived).toEqual([id.Pool]);
    expect(archived.body.failed).toEqual([
      { id: id.Theirs, reason: 'Job not found.', code: 'not_found' },
    ]);
    await operative.post('/kit_jobs/unarchive_many', { ids: [id.Pool] });
  });

  it('takes custom filters that are not columns', async () => {
    const started = await manager.get('/kit_jobs?filter[started]=false');
    expect(started.body.meta.total).toBe(5);
    expect((await manager.get('/kit_jobs?filter[nope]=1&page=all')).status).toBe(400);
  });
});

describe('the policy table', () => {
  it('answers each record with what the caller may do with it', async () => {
    const rows = (await operative.get('/kit_jobs')).body.data as Array<{
      name: string;
      permissions: Record<string, boolean>;
    }>;
    const mine = rows.find((row) => row.name === 'Mine')!;
    const pool = rows.find((row) => row.name === 'Pool')!;
    expect(mine.permissions).toEqual({
      update: true,
      delete: false,
      archive: true,
      start: true,
      complete: false, // permitted, but it starts from IN_PROGRESS and Mine is NEW
    });
    expect(pool.permissions.start).toBe(false);
    const asManager = (await manager.get(`/kit_jobs/${id.Pool}`)).body.data;
    expect(asManager.permissions).toMatchObject({ start: true, delete: false });
  });

  it('answers a list with what the caller may do with it as a whole', async () => {
    const asOperative = await operative.get('/kit_jobs');
    expect(asOperative.body.meta.permissions).toEqual({
      create: true,
      update: true,
      delete: false, // ADMIN only
      archive: true,
      start: true, // through the record rule: some records, each record says which
      complete: true,
    });
    const streamed = await manager.get('/kit_jobs?page=all');
    expect(streamed.body.meta.permissions).toMatchObject({ create: true, delete: false });
    const asAdmin = await owner.get('/kit_jobs?page[size]=1');
    expect(asAdmin.body.meta.permissions.delete).toBe(true);
  });

  it('refuses per id, set-based, for bulk verbs', async () => {
    const deleted = await operative.post('/kit_jobs/delete_many', { ids: [id.Mine] });
    expect(deleted.status).toBe(403); // the route's least role is the policy's: ADMIN
    expect((await manager.delete(`/kit_jobs/${id.Mine}`)).status).toBe(403);
  });

  it('writes docs/permissions.md from the same table', () => {
    const doc = renderPermissions(kitRoutes());
    expect(doc).toMatch(
      /\/kit_jobs\/\{id\}\/start \| organisation \| OPERATIVE .*start: MANAGER; OPERATIVE only jobs assigned to them/,
    );
    expect(doc).toMatch(
      /DELETE \| \/organisations\/\{organisationId\}\/kit_jobs\/\{id\} \| organisation \| ADMIN/,
    );
  });
});

describe('declared actions', () => {
  it('runs one, refusing from the wrong status with a 409', async () => {
    const started = await operative.post(`/kit_jobs/${id.Mine}/start`);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'IN_PROGRESS' });
    expect(started.body.data.started_at).not.toBeNull();
    const again = await operative.post(`/kit_jobs/${id.Mine}/start`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'not_allowed_from_status' });
    expect((await operative.post(`/kit_jobs/${id.Pool}/start`)).status).toBe(403);
    expect((await operative.post(`/kit_jobs/${id.Theirs}/start`)).status).toBe(404);
    expect((await operative.post(`/kit_jobs/${id.Blocked}/start`)).status).toBe(422);
  });

  it('validates an action’s body and writes the audit entry', async () => {
    const missing = await operative.post(`/kit_jobs/${id.Mine}/complete`, {});
    expect(missing.status).toBe(422);
    const done = await operative.post(`/kit_jobs/${id.Mine}/complete`, { note: 'Signed off' });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('COMPLETED');
    const { rows } = await test.platform.db.query<{ action: string }>(
      `SELECT action FROM audit_entries WHERE collection_name = 'kit_jobs' AND document_id = $1 ORDER BY performed_at, action`,
      [id.Mine],
    );
    expect(rows.map((row) => row.action).sort()).toEqual(['COMPLETE', 'CREATE', 'START']);
  });

  it('answers _many per id with the real reason of each failure', async () => {
    const unknown = 'ffffffffffffffffffffffff';
    const reply = await operative.post('/kit_jobs/start_many', {
      ids: [id['Mine too'], id.Mine, id.Pool, id.Theirs, id.Blocked, unknown],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.started).toEqual([id['Mine too']]);
    expect(reply.body.failed.map((f: { id: string; code: string }) => [f.id, f.code])).toEqual([
      [id.Mine, 'not_allowed_from_status'],
      [id.Pool, 'not_permitted'],
      [id.Theirs, 'not_found'],
      [id.Blocked, 'invalid'],
      [unknown, 'not_found'],
    ]);
  });

  it('publishes each action in /openapi.json', async () => {
    const doc = (await client(test.app).get('/openapi.json')).body;
    const paths = Object.keys(doc.paths as object);
    expect(paths).toContain('/organisations/{organisationId}/kit_jobs/{id}/start');
    expect(paths).toContain('/organisations/{organisationId}/kit_jobs/complete_many');
  });

  it('lets one of two concurrent transitions of a record win; the other gets a 409', async () => {
    const slow = (await manager.post('/kit_jobs', { name: 'Slow' })).body.data.id as string;
    const replies = await Promise.all([
      manager.post(`/kit_jobs/${slow}/start`),
      manager.post(`/kit_jobs/${slow}/start`),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const loser = replies.find((reply) => reply.status === 409)!;
    expect(['conflict', 'not_allowed_from_status']).toContain(loser.body.code);
    const { rows } = await test.platform.db.query(
      `SELECT 1 FROM audit_entries WHERE collection_name = 'kit_jobs' AND action = 'START' AND document_id = $1`,
      [slow],
    );
    expect(rows).toHaveLength(1);
  });
});
