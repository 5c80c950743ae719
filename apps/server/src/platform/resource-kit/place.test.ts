import { idSchema, recordSchema } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, createOrganisation, type Client, type TestApp } from '../../../test/harness';
import { defineResource } from './declaration';
import { startKitTest } from './kit-testing';
import { resourceRoutes } from './routes';

/** Move and reorder to a target index, proved on items ordered within a parent client. */
const table = `kit_items_${Math.random().toString(36).slice(2, 8)}`;
const items = defineResource({
  name: 'kit_items',
  label: 'Item',
  table,
  record: recordSchema.extend({ name: z.string(), order: z.number(), client_id: idSchema }),
  create: z.object({ name: z.string().min(1), client_id: idSchema }),
  update: z.object({ name: z.string().min(1) }).partial(),
  fields: {
    name: { type: 'text', sort: true },
    order: { type: 'integer', sort: true },
    client_id: { type: 'id', filter: true },
  },
  references: { client_id: { table: 'clients', label: 'Client' } },
  parent: { column: 'client_id', table: 'clients', label: 'Client' },
  order: { column: 'order', groupBy: ['client_id'] },
  defaultSort: 'order',
  verbs: ['list', 'get', 'create', 'move', 'move_many', 'reorder'],
  access: { read: 'OPERATIVE', write: 'MANAGER' },
});

let test: TestApp;
let api: Client;
const clients: string[] = [];
const id: Record<string, string> = {};
beforeAll(async () => {
  test = await startKitTest(
    table,
    `client_id text NOT NULL, name text NOT NULL, "order" integer NOT NULL`,
    resourceRoutes(items),
  );
  const org = await createOrganisation(test.app, 'Place Org');
  api = client(test.app, org.owner.token, `/organisations/${org.id}`);
  for (const name of ['First', 'Second'])
    clients.push((await api.post('/clients', { name })).body.data.id);
  for (const [name, parent] of [
    ['A', 0],
    ['B', 0],
    ['C', 0],
    ['D', 1],
    ['E', 1],
  ] as const)
    id[name] = (await api.post('/kit_items', { name, client_id: clients[parent] })).body.data
      .id as string;
});
afterAll(() => test.close());

/** Each client's items as "name:order", in order. */
const groups = async () => {
  const { rows } = await test.platform.db.query<{ client_id: string; item: string }>(
    `SELECT client_id, name || ':' || "order" AS item FROM ${table} ORDER BY "order", name`,
  );
  return clients.map((c) => rows.filter((row) => row.client_id === c).map((row) => row.item));
};
const imagesOf = async () => {
  const { rows } = await test.platform.db.query<{ id: string; image: unknown }>(
    `SELECT id, to_jsonb(t) AS image FROM ${table} t`,
  );
  return new Map(rows.map((row) => [row.id, row.image]));
};
const entriesSince = async (since: Date) => {
  const { rows } = await test.platform.db.query<{
    document_id: string;
    action: string;
    before_image: unknown;
  }>(
    `SELECT document_id, action, before_image FROM audit_entries
      WHERE collection_name = 'kit_items' AND action <> 'CREATE' AND performed_at >= $1`,
    [since],
  );
  return new Map(rows.map((row) => [row.document_id, row]));
};

describe('placing at a target index', () => {
  it('moves a row to an index of another parent, shifting both groups, each change audited', async () => {
    expect(await groups()).toEqual([
      ['A:0', 'B:1', 'C:2'],
      ['D:0', 'E:1'],
    ]);
    const before = await imagesOf();
    const since = new Date(Date.now() - 1000);
    const moved = await api.post(`/kit_items/${id.D}/move`, { client_id: clients[0], index: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ client_id: clients[0], order: 1 });
    expect(await groups()).toEqual([['A:0', 'D:1', 'B:2', 'C:3'], ['E:0']]);
    const entries = await entriesSince(since);
    expect([...entries.keys()].sort()).toEqual([id.B, id.C, id.D, id.E].sort());
    expect(entries.get(id.D!)!.action).toBe('MOVE');
    for (const item of [id.B, id.C, id.D, id.E].map(String))
      expect(entries.get(item)!.before_image).toEqual(before.get(item));
  });

  it('moves to the end without an index, and reorders to an index', async () => {
    const moved = await api.post('/kit_items/move_many', { ids: [id.E], client_id: clients[0] });
    expect(moved.body).toEqual({ moved: [id.E], failed: [] });
    expect(await groups()).toEqual([['A:0', 'D:1', 'B:2', 'C:3', 'E:4'], []]);
    const reordered = await api.post('/kit_items/reorder', { ids: [id.E, id.A], index: 2 });
    expect(reordered.body).toEqual({ reordered: [id.E, id.A], failed: [] });
    expect(await groups()).toEqual([['D:0', 'B:1', 'E:2', 'A:3', 'C:4'], []]);
    const last = await api.post('/kit_items/reorder', { ids: [id.D], index: 99 });
    expect(last.body.reordered).toEqual([id.D]);
    expect(await groups()).toEqual([['B:0', 'E:1', 'A:2', 'C:3', 'D:4'], []]);
  });
});
