import { recordSchema } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, createOrganisation, type Client, type TestApp } from '../../../test/harness';
import { defineResource } from './declaration';
import { startKitTest } from './kit-testing';
import { resourceRoutes } from './routes';
import { MAX_STATEMENT_PARAMETERS, batchesOf } from './writer';

/**
 * A set whose INSERT would take more parameters than PostgreSQL allows in one statement (65,535):
 * 1,000 rows of 66 numbers, a group and an order position is 69,001. The kit splits it into
 * statements under the limit, in the request's transaction: all rows or none.
 */
const table = `kit_wide_${Math.random().toString(36).slice(2, 8)}`;
const NUMBERS = Array.from({ length: 66 }, (_, i) => `n${String(i).padStart(2, '0')}`);
const ROWS = 1000;

const wide = defineResource({
  name: 'kit_wide',
  label: 'Wide row',
  table,
  record: recordSchema.extend({ grp: z.string(), position: z.number() }),
  create: z.object({
    grp: z.string(),
    ...Object.fromEntries(NUMBERS.map((column) => [column, z.number().int()])),
  }),
  update: z.object({ grp: z.string() }).partial(),
  fields: {
    grp: { type: 'text', filter: true },
    position: { type: 'integer', sort: true },
  },
  order: { column: 'position', groupBy: ['grp'] },
  defaultSort: 'position',
  verbs: ['list', 'create_many'],
  access: { read: 'OPERATIVE', write: 'MANAGER' },
});

const rowOf = (index: number, last = 0) => ({
  grp: index % 2 ? 'odd' : 'even',
  ...Object.fromEntries(NUMBERS.map((column) => [column, index === ROWS - 1 ? last : 1])),
});

let test: TestApp;
let api: Client;
beforeAll(async () => {
  test = await startKitTest(
    table,
    `grp text NOT NULL, position integer NOT NULL,
     ${NUMBERS.map((column) => `${column} integer NOT NULL`).join(', ')},
     CONSTRAINT ${table}_not_13 CHECK (n65 <> 13)`,
    resourceRoutes(wide),
  );
  const org = await createOrganisation(test.app, 'Wide Org');
  api = client(test.app, org.owner.token, `/organisations/${org.id}`);
}, 60_000);
afterAll(() => test.close());

const total = async () => {
  const listed = await api.get('/kit_wide?page[size]=1');
  if (!listed.body.meta) throw new Error(JSON.stringify(listed.body));
  return listed.body.meta.total as number;
};

describe('a set larger than one statement can take', () => {
  it('is split into batches under the parameter limit', () => {
    expect(batchesOf(0, 69, MAX_STATEMENT_PARAMETERS)).toEqual([]);
    expect(batchesOf(1000, 69, MAX_STATEMENT_PARAMETERS)).toEqual([
      [0, 949],
      [949, 1000],
    ]);
    expect(batchesOf(5, 3, 7)).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
    // a row alone over the limit still gets its own statement (PostgreSQL then refuses it)
    expect(batchesOf(2, 10, 5)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('inserts every row, numbered in order within its group across the batches', async () => {
    const rows = Array.from({ length: ROWS }, (_, index) => rowOf(index));
    const created = await api.post('/kit_wide/create_many', { data: rows });
    expect(created.status).toBe(201);
    expect(created.body.data).toHaveLength(ROWS);
    expect(await total()).toBe(ROWS);
    const { rows: groups } = await test.platform.db.query<{ grp: string; positions: number[] }>(
      `SELECT grp, array_agg(position ORDER BY position) AS positions FROM ${table} GROUP BY grp`,
    );
    const expected = Array.from({ length: ROWS / 2 }, (_, i) => i);
    expect(Object.fromEntries(groups.map((g) => [g.grp, g.positions]))).toEqual({
      even: expected,
      odd: expected,
    });
  }, 60_000);

  it('writes nothing when a row of a later batch is refused', async () => {
    const rows = Array.from({ length: ROWS }, (_, index) => rowOf(index, 13));
    const refused = await api.post('/kit_wide/create_many', { data: rows });
    expect(refused.status).toBe(422);
    expect(await total()).toBe(ROWS);
  }, 60_000);
});
