import { bulkFailureSchema, idSchema, recordSchema } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, createOrganisation, type Client, type TestApp } from '../../../test/harness';
import { defineResource, type ActionChange, type ActionRefusal } from './declaration';
import { createKitTable, startKitTest } from './kit-testing';
import { resourceRoutes } from './routes';

/**
 * An action that plans per item, proved on tables made for this test: tasks are closed each with
 * its own note, a task named "Blocked …" is refused by the plan, and each close records a note
 * row beside the task.
 */
const suffix = Math.random().toString(36).slice(2, 8);
const table = `kit_tasks_${suffix}`;
const notes = `kit_task_notes_${suffix}`;
const tasks = defineResource({
  name: 'kit_tasks',
  label: 'Task',
  table,
  record: recordSchema.extend({
    name: z.string(),
    status: z.string(),
    note: z.string().nullable(),
  }),
  create: z.object({ name: z.string().min(1) }),
  update: z.object({ name: z.string().min(1) }).partial(),
  fields: {
    name: { type: 'text', sort: true },
    status: { type: 'text', filter: true },
    note: { type: 'text' },
  },
  defaultSort: 'name',
  verbs: ['list', 'get', 'create'],
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  actions: [
    {
      name: 'close',
      past: 'closed',
      audit: 'UPDATE',
      from: ['OPEN'],
      body: z.object({ note: z.string() }),
      many: {
        list: 'tasks',
        body: z.object({ tasks: z.array(z.object({ id: idSchema, note: z.string() })) }),
        response: z.object({ closed: z.array(idSchema), failed: z.array(bulkFailureSchema) }),
      },
      plan: async (_ctx, rows, bodies) =>
        new Map(
          rows.map((row): [string, ActionChange | ActionRefusal] => {
            const note = String(bodies.get(row.id)?.note);
            if (String(row.name).startsWith('Blocked'))
              return [row.id, { reason: 'This task is blocked.', code: 'blocked' }];
            return [
              row.id,
              {
                sets: { status: 'CLOSED', note },
                inserts: [{ table: notes, values: { task_id: row.id, note } }],
              },
            ];
          }),
        ),
    },
  ],
});

let test: TestApp;
let api: Client;
let dropNotes: () => Promise<unknown>;
beforeAll(async () => {
  test = await startKitTest(
    table,
    `name text NOT NULL, status text NOT NULL DEFAULT 'OPEN', note text`,
    resourceRoutes(tasks),
  );
  dropNotes = await createKitTable(test, notes, `task_id text NOT NULL, note text NOT NULL`);
  const org = await createOrganisation(test.app, 'Plan Org');
  api = client(test.app, org.owner.token, `/organisations/${org.id}`);
});
afterAll(async () => {
  await dropNotes();
  await test.close();
});

const create = async (name: string) =>
  (await api.post('/kit_tasks', { name })).body.data.id as string;
const images = async (ids: string[]) => {
  const { rows } = await test.platform.db.query<{ id: string; image: unknown }>(
    `SELECT id, to_jsonb(t) AS image FROM ${table} t WHERE id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.image]));
};
const auditOf = async (ids: string[]) => {
  const { rows } = await test.platform.db.query<{
    document_id: string;
    before_image: unknown;
    after_image: unknown;
  }>(
    `SELECT document_id, before_image, after_image FROM audit_entries
      WHERE collection_name = 'kit_tasks' AND action = 'UPDATE' AND document_id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.document_id, row]));
};

describe('actions that plan per item', () => {
  it('fails only the id its plan refuses, and writes each item’s own body', async () => {
    const [first, blocked, second] = [
      await create('First'),
      await create('Blocked one'),
      await create('Second'),
    ];
    const reply = await api.post('/kit_tasks/close_many', {
      tasks: [
        { id: first, note: 'done A' },
        { id: blocked, note: 'never' },
        { id: second, note: 'done B' },
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({
      closed: [first, second],
      failed: [{ id: blocked, reason: 'This task is blocked.', code: 'blocked' }],
    });
    const after = await images([first, blocked, second]);
    expect(after.get(first)).toMatchObject({ status: 'CLOSED', note: 'done A' });
    expect(after.get(second)).toMatchObject({ status: 'CLOSED', note: 'done B' });
    expect(after.get(blocked)).toMatchObject({ status: 'OPEN', note: null });
    const { rows } = await test.platform.db.query<{ task_id: string; note: string }>(
      `SELECT task_id, note FROM ${notes} ORDER BY note`,
    );
    expect(rows).toEqual([
      { task_id: first, note: 'done A' },
      { task_id: second, note: 'done B' },
    ]);
  });

  it('audits every changed row with its image before and after, and no other', async () => {
    const [one, two, blocked] = [
      await create('One'),
      await create('Two'),
      await create('Blocked two'),
    ];
    const before = await images([one, two, blocked]);
    const reply = await api.post('/kit_tasks/close_many', {
      tasks: [
        { id: one, note: 'first' },
        { id: two, note: 'second' },
        { id: blocked, note: 'x' },
      ],
    });
    expect(reply.body.closed).toEqual([one, two]);
    const after = await images([one, two]);
    const entries = await auditOf([one, two, blocked]);
    expect([...entries.keys()].sort()).toEqual([one, two].sort());
    for (const id of [one, two]) {
      expect(entries.get(id)!.before_image).toEqual(before.get(id));
      expect(entries.get(id)!.after_image).toEqual(after.get(id));
      expect(entries.get(id)!.before_image).not.toEqual(entries.get(id)!.after_image);
    }
  });

  it('answers a one-record refusal with the plan’s code, and the wrong status as before', async () => {
    const blocked = await create('Blocked three');
    const refused = await api.post(`/kit_tasks/${blocked}/close`, { note: 'no' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'blocked', message: 'This task is blocked.' });
    const task = await create('Three');
    const closed = await api.post(`/kit_tasks/${task}/close`, { note: 'yes' });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'CLOSED', note: 'yes' });
    const again = await api.post(`/kit_tasks/${task}/close`, { note: 'again' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'not_allowed_from_status' });
  });
});
