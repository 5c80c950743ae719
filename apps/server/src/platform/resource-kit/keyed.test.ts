import { idSchema, recordSchema } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOrganisation, type OrganisationFixture, type TestApp } from '../../../test/harness';
import { newId } from '../ids';
import { defineResource } from './declaration';
import { startKitTest } from './kit-testing';
import { resourceRoutes } from './routes';

/**
 * A declaration keyed by another column (as members are by user id): paths and answers name the
 * record by `code`, or by the row's own id (an alternate key); audit entries name the row.
 */
const table = `kit_badges_${Math.random().toString(36).slice(2, 8)}`;
const badges = defineResource({
  name: 'kit_badges',
  label: 'Badge',
  table,
  key: { column: 'code', alternates: ['id'] },
  record: recordSchema.extend({
    row_id: idSchema,
    name: z.string(),
    locked: z.boolean(),
    active: z.boolean(),
    permissions: z.record(z.string(), z.boolean()),
  }),
  create: z.object({}),
  update: z.object({ name: z.string().min(1) }).partial(),
  fields: {
    id: { type: 'id', sql: 't.code' },
    row_id: { type: 'id', sql: 't.id' },
    name: { type: 'text', sort: true },
    locked: { type: 'boolean' },
    active: { type: 'boolean' },
  },
  defaultSort: 'name',
  verbs: ['get', 'update', 'delete'],
  actions: [
    { name: 'deactivate', past: 'deactivated', audit: 'DEACTIVATE', sets: { active: false } },
  ],
  policy: {
    deactivate: {
      role: 'ADMIN',
      lock: {
        note: 'while locked',
        code: 'badge_locked',
        forbidden: true,
        reasonSql: () => `CASE WHEN t.locked THEN 'This badge is locked.' END`,
      },
    },
  },
  access: { read: 'OPERATIVE', write: 'ADMIN' },
});

let test: TestApp;
let org: OrganisationFixture;
let other: OrganisationFixture;
const code: Record<string, string> = {};
const rowId: Record<string, string> = {};

async function addBadge(organisation: OrganisationFixture, name: string, locked = false) {
  const id = newId();
  const key = newId();
  await test.platform.db.query(
    `INSERT INTO ${table} (id, organisation_id, code, name, locked) VALUES ($1, $2, $3, $4, $5)`,
    [id, organisation.id, key, name, locked],
  );
  code[name] = key;
  rowId[name] = id;
}

beforeAll(async () => {
  test = await startKitTest(
    table,
    'code text NOT NULL, name text NOT NULL, locked boolean NOT NULL DEFAULT false, active boolean NOT NULL DEFAULT true',
    resourceRoutes(badges),
  );
  org = await createOrganisation(test.app, 'Keyed Org');
  other = await createOrganisation(test.app, 'Other Keyed Org');
  await addBadge(org, 'Gold');
  await addBadge(org, 'Silver');
  await addBadge(org, 'Locked', true);
  await addBadge(other, 'Foreign');
});
afterAll(() => test.close());

describe('a resource keyed by another column', () => {
  it('gets a record by its key or an alternate key, answering the key as its id', async () => {
    const byKey = await org.api.get(`/kit_badges/${code.Gold}`);
    expect(byKey.status).toBe(200);
    expect(byKey.body.data).toMatchObject({ id: code.Gold, row_id: rowId.Gold, name: 'Gold' });
    expect(byKey.body.data.permissions).toMatchObject({ update: true, deactivate: true });
    const byRow = await org.api.get(`/kit_badges/${rowId.Gold}`);
    expect(byRow.body.data.id).toBe(code.Gold);
    const locked = await org.api.get(`/kit_badges/${code.Locked}`);
    expect(locked.body.data.permissions).toMatchObject({ deactivate: false, update: true });
  });

  it("refuses other organisations' records with 404 by either key", async () => {
    for (const id of [code.Foreign, rowId.Foreign]) {
      expect((await org.api.get(`/kit_badges/${id}`)).status).toBe(404);
      expect((await org.api.put(`/kit_badges/${id}`, { name: 'x' })).status).toBe(404);
      expect((await org.api.post(`/kit_badges/${id}/deactivate`)).status).toBe(404);
      expect((await org.api.delete(`/kit_badges/${id}`)).status).toBe(404);
    }
    const many = await org.api.post('/kit_badges/deactivate_many', {
      ids: [code.Foreign, rowId.Foreign],
    });
    expect(many.body.deactivated).toEqual([]);
    expect(many.body.failed.map((f: { code: string }) => f.code)).toEqual([
      'not_found',
      'not_found',
    ]);
  });

  it('updates and acts by either key; audit entries name the row', async () => {
    const updated = await org.api.put(`/kit_badges/${rowId.Silver}`, { name: 'Silver II' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: code.Silver, name: 'Silver II' });
    const acted = await org.api.post(`/kit_badges/${rowId.Silver}/deactivate`);
    expect(acted.status).toBe(200);
    expect(acted.body.data).toMatchObject({ id: code.Silver, active: false });
    const { rows } = await test.platform.db.query<{ action: string; image: unknown }>(
      `SELECT action, before_image->>'name' AS image FROM audit_entries
        WHERE document_id = $1 ORDER BY performed_at, id`,
      [rowId.Silver],
    );
    expect(rows).toEqual([
      { action: 'UPDATE', image: 'Silver' },
      { action: 'DEACTIVATE', image: 'Silver II' },
    ]);
  });

  it('answers _many calls by key, locks with their code and 403 for one record', async () => {
    const many = await org.api.post('/kit_badges/deactivate_many', {
      ids: [rowId.Gold, code.Locked],
    });
    expect(many.body.deactivated).toEqual([code.Gold]);
    expect(many.body.failed).toEqual([
      { id: code.Locked, reason: 'This badge is locked.', code: 'badge_locked' },
    ]);
    const one = await org.api.post(`/kit_badges/${code.Locked}/deactivate`);
    expect(one.status).toBe(403);
    expect(one.body.code).toBe('badge_locked');
  });

  it('deletes by an alternate key', async () => {
    expect((await org.api.delete(`/kit_badges/${rowId.Gold}`)).status).toBe(204);
    expect((await org.api.get(`/kit_badges/${code.Gold}`)).status).toBe(404);
  });
});
