import { idSchema, recordSchema } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, createOrganisation, type Client, type TestApp } from '../../../test/harness';
import { defineResource } from './declaration';
import { startKitTest } from './kit-testing';
import { resourceRoutes } from './routes';

/**
 * The verbs clients and contacts do not use (soft delete with restore, ordering) proved on a
 * table made for this test: a list of sections ordered within a parent client.
 */
const table = `kit_sections_${Math.random().toString(36).slice(2, 8)}`;
const sections = defineResource({
  name: 'kit_sections',
  label: 'Section',
  table,
  record: recordSchema.extend({ name: z.string(), order: z.number(), client_id: idSchema }),
  create: z.object({ name: z.string().min(1), client_id: idSchema }),
  update: z.object({ name: z.string().min(1) }).partial(),
  fields: {
    name: { type: 'text', filter: true, sort: true },
    order: { type: 'integer', sort: true, sum: true },
    client_id: { type: 'id', filter: true },
  },
  references: { client_id: { table: 'clients', label: 'Client' } },
  parent: { column: 'client_id', table: 'clients', label: 'Client' },
  order: { column: 'order', groupBy: ['client_id'] },
  defaultSort: 'order',
  verbs: [
    'list',
    'get',
    'create',
    'update',
    'delete',
    'restore',
    'restore_many',
    'delete_many',
    'reorder',
    'duplicate',
  ],
  softDelete: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
});

let test: TestApp;
let api: Client;
let clientId: string;
beforeAll(async () => {
  test = await startKitTest(
    table,
    `client_id text NOT NULL, name text NOT NULL, "order" integer NOT NULL, deleted_at timestamptz`,
    resourceRoutes(sections),
  );
  const app = test.app;
  const org = await createOrganisation(app, 'Kit Org');
  api = client(app, org.owner.token, `/organisations/${org.id}`);
  clientId = (await api.post('/clients', { name: 'Parent' })).body.data.id;
});
afterAll(() => test.close());

const names = async () =>
  ((await api.get('/kit_sections')).body.data as Array<{ name: string }>).map((s) => s.name);

describe('the resource kit', () => {
  it('appends new rows at the end of their group and reorders by a list of ids', async () => {
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three'])
      ids.push((await api.post('/kit_sections', { name, client_id: clientId })).body.data.id);
    expect(await names()).toEqual(['One', 'Two', 'Three']);
    const reordered = await api.post('/kit_sections/reorder', { ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.body).toEqual({ reordered: [ids[2], ids[0], ids[1]], failed: [] });
    expect(await names()).toEqual(['Three', 'One', 'Two']);
    expect((await api.get('/kit_sections?sum=order')).body.sums).toEqual({ order: 3 });
  });

  it('puts a partial list first in its group and keeps the rest after it, positions unique', async () => {
    const before = (await api.get('/kit_sections')).body.data as Array<{ id: string }>;
    const last = before[2]!.id;
    const reordered = await api.post('/kit_sections/reorder', { ids: [last] });
    expect(reordered.body).toEqual({ reordered: [last], failed: [] });
    const after = (await api.get('/kit_sections')).body.data as Array<{
      id: string;
      order: number;
    }>;
    expect(after.map((s) => s.id)).toEqual([last, before[0]!.id, before[1]!.id]);
    expect(after.map((s) => s.order)).toEqual([0, 1, 2]);
  });

  it('soft-deletes, lists the deleted on request, and restores one or many', async () => {
    const { data } = (await api.get('/kit_sections')).body as {
      data: Array<{ id: string; name: string }>;
    };
    const [first, second] = data;
    expect((await api.delete(`/kit_sections/${first!.id}`)).status).toBe(204);
    expect((await api.get(`/kit_sections/${first!.id}`)).status).toBe(404);
    expect(
      (await api.get('/kit_sections?filter[deleted]=true')).body.data.map(
        (s: { id: string }) => s.id,
      ),
    ).toEqual([first!.id]);
    const restored = await api.post(`/kit_sections/${first!.id}/restore`);
    expect(restored.body.data.name).toBe(first!.name);

    await api.delete('/kit_sections/delete_many', { ids: [first!.id, second!.id] });
    const many = await api.post('/kit_sections/restore_many', { ids: [first!.id, second!.id] });
    expect(many.body).toEqual({ restored: [first!.id, second!.id], failed: [] });
    expect(await names()).toHaveLength(3);
  });

  it('duplicates with a marked name at the end of the group', async () => {
    const { data } = (await api.get('/kit_sections')).body as {
      data: Array<{ id: string; name: string }>;
    };
    const copy = await api.post(`/kit_sections/${data[0]!.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data.name).toBe(`${data[0]!.name} (copy)`);
  });

  it('serves only the verbs its declaration names', async () => {
    const { data } = (await api.get('/kit_sections')).body as { data: Array<{ id: string }> };
    const id = data[0]!.id;
    expect((await api.post(`/kit_sections/${id}/archive`)).status).toBe(404);
    expect((await api.post('/kit_sections/archive_many', { ids: [id] })).status).toBe(404);
    expect((await api.post('/kit_sections/duplicate_many', { ids: [id] })).status).toBe(404);
    expect((await api.post(`/kit_sections/${id}/move`, { client_id: clientId })).status).toBe(404);
    expect(
      (await api.post('/kit_sections/move_many', { ids: [id], client_id: clientId })).status,
    ).toBe(404);
  });
});
