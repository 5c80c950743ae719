import { idSchema, recordSchema } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOrganisation, type Client, type TestApp } from '../../../test/harness';
import { defineResource } from './declaration';
import { startKitTest } from './kit-testing';
import { resourceRoutes } from './routes';

/** Hooks for child tables and the set-based create_many, on a table made for this test. */
const table = `kit_steps_${Math.random().toString(36).slice(2, 8)}`;
const calls: string[] = [];
const steps = defineResource({
  name: 'kit_steps',
  label: 'Step',
  table,
  record: recordSchema.extend({ name: z.string(), lane: z.string(), order: z.number() }),
  create: z.object({
    name: z.string().min(1),
    lane: z.string().optional(),
    note: z.string().optional(),
  }),
  update: z.object({ name: z.string().min(1) }).partial(),
  fields: {
    name: { type: 'text', filter: true, sort: true },
    lane: { type: 'text', filter: true },
    order: { type: 'integer', sort: true },
  },
  order: { column: 'order', groupBy: ['lane'] },
  defaultSort: 'order',
  verbs: ['list', 'get', 'create', 'create_many', 'update', 'duplicate'],
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  rules: {
    afterInsert: async (_ctx, created) => {
      calls.push(`insert:${created.map((row) => row.input.name as string).join(',')}`);
    },
    afterUpdate: async (_ctx, existing, values, input) => {
      calls.push(`update:${existing.name as string}->${values.name as string}`);
      calls.push(`update-input:${Object.keys(input).join(',')}`);
    },
    afterDuplicate: async (_ctx, copies) => {
      calls.push(
        `duplicate:${copies.length}:${copies.every((c) => idSchema.safeParse(c.to).success)}`,
      );
    },
  },
});

let test: TestApp;
let api: Client;
beforeAll(async () => {
  test = await startKitTest(
    table,
    `name text NOT NULL, lane text NOT NULL DEFAULT 'main', note text, "order" integer NOT NULL`,
    resourceRoutes(steps),
  );
  const app = test.app;
  api = (await createOrganisation(app, 'Hooks Org')).api;
});
afterAll(() => test.close());

describe('the kit’s hooks and set-based inserts', () => {
  it('creates many rows in one go: left-out columns take their default, positions per group', async () => {
    expect((await api.post('/kit_steps', { name: 'First', lane: 'main' })).status).toBe(201);
    const created = await api.post('/kit_steps/create_many', [
      { name: 'A', lane: 'main' },
      { name: 'B', lane: 'side' },
      { name: 'C', lane: 'main', note: 'only this one has a note' },
      { name: 'D', lane: 'side' },
    ]);
    expect(created.status).toBe(201);
    const byName = Object.fromEntries(
      (created.body.data as Array<{ name: string; lane: string; order: number }>).map((row) => [
        row.name,
        [row.lane, row.order],
      ]),
    );
    expect(byName).toEqual({ A: ['main', 1], B: ['side', 0], C: ['main', 2], D: ['side', 1] });
    expect(calls).toContain('insert:A,B,C,D');
  });

  it('calls afterUpdate and afterDuplicate in the request', async () => {
    const [first] = (await api.get('/kit_steps?filter[name]=First')).body.data;
    await api.put(`/kit_steps/${first.id}`, { name: 'Renamed' });
    expect(calls).toContain('update:First->Renamed');
    // with the body as sent, and also when no column changes (keys a rule writes itself)
    expect(calls).toContain('update-input:name');
    calls.length = 0;
    expect((await api.put(`/kit_steps/${first.id}`, {})).status).toBe(200);
    expect(calls).toEqual(['update:Renamed->undefined', 'update-input:']);
    expect((await api.post(`/kit_steps/${first.id}/duplicate`)).status).toBe(201);
    expect(calls).toContain('duplicate:1:true');
  });
});
