import { idSchema, recordSchema } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addMember,
  createOrganisation,
  type OrganisationFixture,
  type OrgMember,
  type TestApp,
} from '../../../test/harness';
import { newId } from '../ids';
import { parentRecord } from './children';
import { defineResource, type ResourceDeclaration } from './declaration';
import { hasMany } from './expand';
import { createKitTable, startKitTest } from './kit-testing';
import type { Params } from './sql';
import { resourceRoutes } from './routes';

/**
 * Parents an operative sees when they own them or they are shared, and updates only when they
 * own them; each parent embeds its items, each item its notes (children of children).
 */
const suffix = Math.random().toString(36).slice(2, 8);
const tables = {
  parents: `kit_boxes_${suffix}`,
  items: `kit_items_${suffix}`,
  notes: `kit_notes_${suffix}`,
};
/** How many statements read each kind of child: its own visibility is asked once per statement. */
const reads = { items: 0, notes: 0 };
const counting = (kind: keyof typeof reads) => () => {
  reads[kind] += 1;
  return null;
};

const mine = (ctx: { user: { id: string } }, params: Params) =>
  `t.owner_id = ${params.add(ctx.user.id)}`;
const boxes: ResourceDeclaration = defineResource({
  name: 'kit_boxes',
  label: 'Box',
  table: tables.parents,
  record: recordSchema.extend({ name: z.string(), owner_id: idSchema }),
  create: z.object({ name: z.string(), owner_id: idSchema }),
  update: z.object({ name: z.string() }).partial(),
  fields: { name: { type: 'text', sort: true }, owner_id: { type: 'id' } },
  visibility: (ctx, params) =>
    ctx.membership.role === 'OPERATIVE' ? `(${mine(ctx, params)} OR t.shared)` : null,
  policy: { update: { role: 'MANAGER', rule: { role: 'OPERATIVE', note: 'own', sql: mine } } },
  children: { items: hasMany(() => items, 'box_id') },
  defaultSort: 'name',
  verbs: ['list', 'get', 'update'],
  access: { read: 'OPERATIVE', write: 'OPERATIVE' },
});
const items: ResourceDeclaration = defineResource({
  name: 'kit_items',
  label: 'Item',
  table: tables.items,
  record: recordSchema.extend({ name: z.string(), box_id: idSchema }),
  create: z.object({ name: z.string(), box_id: idSchema }),
  update: z.object({ name: z.string() }).partial(),
  fields: { box_id: { type: 'id', filter: true }, name: { type: 'text', sort: true } },
  parent: parentRecord(() => boxes, 'box_id'),
  visibility: counting('items'),
  // Anyone may update an item, as far as its own rules go: the box's rule decides.
  policy: { update: { role: 'OPERATIVE' } },
  children: { notes: hasMany(() => notes, 'item_id') },
  defaultSort: 'name',
  verbs: ['list', 'get', 'update'],
  access: { read: 'OPERATIVE', write: 'OPERATIVE' },
});
const notes: ResourceDeclaration = defineResource({
  name: 'kit_notes',
  label: 'Note',
  table: tables.notes,
  record: recordSchema.extend({ text: z.string(), item_id: idSchema }),
  create: z.object({ text: z.string(), item_id: idSchema }),
  update: z.object({ text: z.string() }).partial(),
  fields: { item_id: { type: 'id' }, text: { type: 'text', sort: true } },
  parent: parentRecord(() => items, 'item_id'),
  visibility: counting('notes'),
  defaultSort: 'text',
  verbs: ['list', 'get'],
  access: { read: 'OPERATIVE', write: 'OPERATIVE' },
});

let test: TestApp;
let org: OrganisationFixture;
let operative: OrgMember;
const drops: Array<() => Promise<unknown>> = [];
const ids = { own: newId(), shared: newId(), hidden: newId() };
const firstItems = new Map<string, string>();
const itemOf = (box: string) => firstItems.get(box)!;

beforeAll(async () => {
  test = await startKitTest(
    tables.parents,
    'name text NOT NULL, owner_id text NOT NULL, shared boolean NOT NULL DEFAULT false',
    [...resourceRoutes(boxes), ...resourceRoutes(items), ...resourceRoutes(notes)],
  );
  drops.push(await createKitTable(test, tables.items, 'box_id text NOT NULL, name text NOT NULL'));
  drops.push(await createKitTable(test, tables.notes, 'item_id text NOT NULL, text text NOT NULL'));
  org = await createOrganisation(test.app, 'Kit Children Org');
  operative = await addMember(test, org, 'OPERATIVE');
  const db = test.platform.db;
  const owners = { own: operative.userId, shared: org.owner.userId, hidden: org.owner.userId };
  for (const [key, id] of Object.entries(ids)) {
    await db.query(
      `INSERT INTO ${tables.parents} (id, organisation_id, name, owner_id, shared) VALUES ($1, $2, $3, $4, $5)`,
      [id, org.id, key, owners[key as keyof typeof owners], key === 'shared'],
    );
    firstItems.set(id, newId());
    for (const n of [2, 1])
      await db.query(
        `INSERT INTO ${tables.items} (id, organisation_id, box_id, name) VALUES ($1, $2, $3, $4)`,
        [n === 1 ? itemOf(id) : newId(), org.id, id, `${key} item ${n}`],
      );
    await db.query(
      `INSERT INTO ${tables.notes} (id, organisation_id, item_id, text) VALUES ($1, $2, $3, 'note')`,
      [newId(), org.id, itemOf(id)],
    );
  }
});
afterAll(async () => {
  for (const drop of drops) await drop();
  await test.close();
});

describe('children and parents', () => {
  it('hides a child whose parent the caller may not see, and shows it when the parent shows', async () => {
    const api = operative.orgApi;
    expect((await api.get(`/kit_items/${itemOf(ids.hidden)}`)).status).toBe(404);
    expect((await api.get(`/kit_items/${itemOf(ids.shared)}`)).status).toBe(200);
    const listed = (await api.get('/kit_items')).body.data.map((item: { id: string }) => item.id);
    expect(listed).toContain(itemOf(ids.own));
    expect(listed).not.toContain(itemOf(ids.hidden));
    // A grandchild is hidden with its grandparent.
    const noteIds = (await api.get('/kit_notes')).body.data.map(
      (n: { item_id: string }) => n.item_id,
    );
    expect(noteIds.sort()).toEqual([itemOf(ids.own), itemOf(ids.shared)].sort());
    expect((await org.api.get('/kit_notes')).body.data).toHaveLength(3);
  });

  it('lets the caller change a child only where they may update its parent', async () => {
    const api = operative.orgApi;
    const shared = await api.put(`/kit_items/${itemOf(ids.shared)}`, { name: 'x' });
    expect(shared.status).toBe(403);
    const own = await api.put(`/kit_items/${itemOf(ids.own)}`, { name: 'own item 1' });
    expect(own.status).toBe(200);
    const visible = (await api.get(`/kit_items/${itemOf(ids.shared)}`)).body.data;
    expect(visible.permissions).toEqual({ update: false });
    expect((await api.get(`/kit_items/${itemOf(ids.own)}`)).body.data.permissions).toEqual({
      update: true,
    });
  });

  it('embeds children from their own declarations, one query per kind for a page', async () => {
    reads.items = 0;
    reads.notes = 0;
    const page = (await org.api.get('/kit_boxes')).body.data as Array<{
      name: string;
      items: Array<{ name: string; box_id: string; notes: Array<{ text: string }> }>;
    }>;
    expect(page.map((box) => box.name)).toEqual(['hidden', 'own', 'shared']);
    expect(page[1]!.items.map((item) => item.name)).toEqual(['own item 1', 'own item 2']);
    expect(page[1]!.items[0]).toMatchObject({ box_id: ids.own, notes: [{ text: 'note' }] });
    expect(page[1]!.items[1]!.notes).toEqual([]);
    // The items' statement, and the notes' (which inherits the items' visibility): never per box.
    expect(reads).toEqual({ items: 2, notes: 1 });
    // The operative's page has only the boxes they see, with their children.
    const theirs = (await operative.orgApi.get('/kit_boxes')).body.data;
    expect(theirs.map((box: { name: string }) => box.name)).toEqual(['own', 'shared']);
  });
});
