import { idSchema, recordSchema } from '@fieldwork/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addMember,
  createOrganisation,
  type OrganisationFixture,
  type TestApp,
} from '../../../test/harness';
import { auditActions } from '../../modules/people/people-testing';
import { conflict } from '../errors';
import { defineResource } from './declaration';
import { startKitTest } from './kit-testing';
import { linkRoutes } from './link-routes';
import { defineLinks } from './links';
import { resourceRoutes } from './routes';

/** A link set (boards ↔ people) on tables made for this test. */
const suffix = Math.random().toString(36).slice(2, 8);
const boardsTable = `kit_boards_${suffix}`;
const seatsTable = `kit_board_seats_${suffix}`;
const boards = defineResource({
  name: 'kit_boards',
  label: 'Board',
  table: boardsTable,
  record: recordSchema.extend({ name: z.string(), chair_id: idSchema.nullable() }),
  create: z.object({ name: z.string().min(1), chair_id: idSchema.nullish() }),
  update: z.object({ name: z.string().min(1) }).partial(),
  fields: { name: { type: 'text' }, chair_id: { type: 'id' } },
  defaultSort: 'name',
  verbs: ['list', 'get', 'create'],
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  // Operatives do not see closed boards, nor therefore their links.
  visibility: (ctx) => (ctx.membership.role === 'OPERATIVE' ? `t.name <> 'Closed'` : null),
  policy: {
    seat: {
      role: 'MANAGER',
      rule: {
        role: 'OPERATIVE',
        note: 'only boards where they may vote',
        sql: (ctx, params) =>
          `EXISTS (SELECT 1 FROM ${seatsTable} s WHERE s.board_id = t.id
                     AND s.user_id = ${params.add(ctx.user.id)} AND s.votes)`,
      },
    },
  },
});
const seatSchema = z.object({ user_id: idSchema, votes: z.boolean(), weight: z.number() });
const seats = defineLinks({
  name: 'seats',
  label: 'Seat',
  table: seatsTable,
  record: seatSchema,
  parent: {
    resource: boards,
    column: 'board_id',
    param: 'id',
    change: { action: 'seat', message: 'You may not seat people here.', code: 'seat_refused' },
  },
  key: {
    column: 'user_id',
    param: 'userId',
    body: 'user_ids',
    target: { table: 'memberships', column: 'user_id', live: 'active', message: 'Not a member.' },
  },
  values: z.object({ votes: z.boolean().optional(), weight: z.number().int().optional() }),
  add: z.object({
    user_ids: z.array(idSchema).min(1),
    votes: z.boolean().optional(),
    weight: z.number().int().optional(),
  }),
  defaults: { votes: false, weight: 1 },
  load: async (ctx, boardId) =>
    (
      await ctx.db.query<z.infer<typeof seatSchema>>(
        `SELECT user_id, votes, weight FROM ${seatsTable}
          WHERE organisation_id = $1 AND board_id = $2 ORDER BY created_at, user_id`,
        [ctx.organisationId, boardId],
      )
    ).rows,
  audit: {
    add: 'ADD_MEMBERS',
    update: 'UPDATE_MEMBER',
    remove: 'REMOVE_MEMBER',
    forceRemove: 'FORCE_REMOVE_MEMBER',
  },
  image: 'seat',
  access: { read: 'OPERATIVE', write: 'OPERATIVE', forceDelete: 'ADMIN' },
  async beforeRemove(_ctx, { parent, link, force }) {
    if (parent.chair_id === link.user_id && !force) throw conflict('The chair stays.', 'in_use');
    return { changes: { chair: parent.chair_id === link.user_id } };
  },
});

/** The voting seats only, read by the kit (select), added here and changed as seats. */
const voterSchema = z.object({ user_id: idSchema, since: z.string() });
const addedVoters: string[][] = [];
const voters = defineLinks<z.infer<typeof voterSchema>>({
  ...seats,
  name: 'voters',
  label: 'Voter',
  record: voterSchema,
  verbs: ['list', 'add'],
  values: z.object({ votes: z.boolean().optional() }),
  add: z.object({ user_ids: z.array(idSchema).min(1) }),
  defaults: { votes: true },
  load: undefined,
  select: {
    fields: { user_id: 'l.user_id', since: 'l.created_at' },
    visibility: 'l.votes',
    order: 'l.created_at, l.user_id',
  },
  answer: {
    schema: z.object({ data: z.array(voterSchema), seats: z.number() }),
    with: async (ctx, boardId) => {
      const { rows } = await ctx.db.query<{ seats: number }>(
        `SELECT count(*)::int AS seats FROM ${seatsTable} WHERE board_id = $1`,
        [boardId],
      );
      return { seats: rows[0]!.seats };
    },
  },
  afterAdd: async (_ctx, _boardId, added) => void addedVoters.push(added),
  audit: { add: 'ADD_MEMBERS' },
  beforeRemove: undefined,
});

let test: TestApp;
let org: OrganisationFixture;
let boardId: string;
beforeAll(async () => {
  test = await startKitTest(boardsTable, `name text NOT NULL, chair_id text`, [
    ...resourceRoutes(boards),
    ...linkRoutes(seats),
    ...linkRoutes(voters),
  ]);
  await test.platform.db.exec(`
    CREATE TABLE ${seatsTable} (
      organisation_id text NOT NULL, board_id text NOT NULL, user_id text NOT NULL,
      votes boolean NOT NULL DEFAULT false, weight integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (board_id, user_id));
    GRANT ALL ON ${seatsTable} TO fieldwork_app;
    ALTER TABLE ${seatsTable} ENABLE ROW LEVEL SECURITY;
    CREATE POLICY tenant ON ${seatsTable} USING (organisation_id = current_setting('app.organisation_id', true));`);
  org = await createOrganisation(test.app, 'Links Org');
  boardId = (await org.api.post('/kit_boards', { name: 'Main', chair_id: org.owner.userId })).body
    .data.id;
});
afterAll(async () => {
  await test.platform.db.exec(`DROP TABLE IF EXISTS ${seatsTable}`);
  await test.close();
});

describe('the kit’s declared link sets', () => {
  it('adds by keys with defaults; re-adding changes nothing; unknown keys are named', async () => {
    const added = await org.api.post(`/kit_boards/${boardId}/seats`, {
      user_ids: [org.owner.userId],
      weight: 3,
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual([{ user_id: org.owner.userId, votes: false, weight: 3 }]);
    const again = await org.api.post(`/kit_boards/${boardId}/seats`, {
      user_ids: [org.owner.userId],
      votes: true,
    });
    expect(again.body.data).toEqual(added.body.data);
    const unknown = await org.api.post(`/kit_boards/${boardId}/seats`, {
      user_ids: [org.owner.userId, '0123456789abcdef01234567'],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([
      { field: 'user_ids.1', message: 'Not a member.', code: 'not_found' },
    ]);
    expect(await auditActions(test, boardId)).toEqual(['CREATE', 'ADD_MEMBERS']);
  });

  it('changes one link by its key; a change to nothing writes nothing', async () => {
    const path = `/kit_boards/${boardId}/seats/${org.owner.userId}`;
    const changed = await org.api.patch(path, { votes: true });
    expect(changed.body.data).toEqual({ user_id: org.owner.userId, votes: true, weight: 3 });
    expect((await org.api.put(path, { votes: true })).status).toBe(200);
    expect(
      (await org.api.put(`/kit_boards/${boardId}/seats/0123456789abcdef01234567`, {})).status,
    ).toBe(404);
    const { rows } = await test.platform.db.query<{ changes: unknown; before_image: unknown }>(
      `SELECT changes, before_image FROM audit_entries WHERE document_id = $1 AND action = 'UPDATE_MEMBER'`,
      [boardId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changes).toEqual({
      user_id: org.owner.userId,
      votes: { from: false, to: true },
      weight: { from: 3, to: 3 },
    });
  });

  it('lets the parent policy’s rule decide who may change links', async () => {
    const operative = await addMember(test, org, 'OPERATIVE');
    const refused = await operative.orgApi.post(`/kit_boards/${boardId}/seats`, {
      user_ids: [operative.userId],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('seat_refused');
    await org.api.post(`/kit_boards/${boardId}/seats`, {
      user_ids: [operative.userId],
      votes: true,
    });
    const allowed = await operative.orgApi.patch(
      `/kit_boards/${boardId}/seats/${operative.userId}`,
      {
        weight: 2,
      },
    );
    expect(allowed.status).toBe(200);
    const other = await createOrganisation(test.app, 'Other Links Org');
    expect((await other.api.get(`/kit_boards/${boardId}/seats`)).status).toBe(404);
  });

  it('hides the links of a parent the caller may not see, as the parent itself is hidden', async () => {
    const closed = (await org.api.post('/kit_boards', { name: 'Closed' })).body.data.id as string;
    const operative = await addMember(test, org, 'OPERATIVE');
    expect((await org.api.get(`/kit_boards/${closed}/seats`)).status).toBe(200);
    expect((await operative.orgApi.get(`/kit_boards/${closed}`)).status).toBe(404);
    const listed = await operative.orgApi.get(`/kit_boards/${closed}/seats`);
    expect(listed.status).toBe(404);
    expect((await operative.orgApi.get(`/kit_boards/${closed}/voters`)).status).toBe(404);
    const added = await operative.orgApi.post(`/kit_boards/${closed}/seats`, {
      user_ids: [operative.userId],
    });
    expect(added.status).toBe(404);
    expect((await operative.orgApi.get(`/kit_boards/${boardId}/seats`)).status).toBe(200);
  });

  it('removes links; beforeRemove may refuse unless forced, and adds to the audit entry', async () => {
    const path = `/kit_boards/${boardId}/seats/${org.owner.userId}`;
    const refused = await org.api.delete(path);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('in_use');
    expect((await org.api.delete(`${path}?force=true`)).status).toBe(204);
    const listed = await org.api.get(`/kit_boards/${boardId}/seats`);
    expect(listed.body.data.map((seat: { user_id: string }) => seat.user_id)).not.toContain(
      org.owner.userId,
    );
    const { rows } = await test.platform.db.query<{ changes: unknown }>(
      `SELECT changes FROM audit_entries WHERE document_id = $1 AND action = 'FORCE_REMOVE_MEMBER'`,
      [boardId],
    );
    expect(rows[0]!.changes).toEqual({ user_id: org.owner.userId, chair: true });
  });

  it('serves a declared subset of a link set, read by the kit, with more in its answer', async () => {
    const board = (await org.api.post('/kit_boards', { name: 'Voters' })).body.data.id as string;
    const [voter, seated] = [
      await addMember(test, org, 'OPERATIVE'),
      await addMember(test, org, 'OPERATIVE'),
    ];
    await org.api.post(`/kit_boards/${board}/seats`, { user_ids: [seated.userId] });
    const added = await org.api.post(`/kit_boards/${board}/voters`, {
      user_ids: [voter.userId, seated.userId],
    });
    expect(added.status).toBe(200);
    // the seat already there keeps its values (not voting), so only the new one is a voter
    expect(added.body).toEqual({
      data: [{ user_id: voter.userId, since: expect.stringMatching(/Z$/) }],
      seats: 2,
    });
    expect(addedVoters).toEqual([[voter.userId]]);
    expect((await org.api.get(`/kit_boards/${board}/voters`)).body).toEqual(added.body);
    const unserved = await org.api.patch(`/kit_boards/${board}/voters/${voter.userId}`, {});
    expect(unserved.status).toBe(404);
    const other = await createOrganisation(test.app, 'Other Voters Org');
    expect((await other.api.get(`/kit_boards/${board}/voters`)).status).toBe(404);
  });

  it('refuses a declaration without a way to read its links, or a change without its audit', () => {
    expect(() => defineLinks({ ...seats, load: undefined })).toThrow('select or load');
    expect(() => defineLinks({ ...voters, verbs: ['list', 'update'] })).toThrow('audit.update');
  });
});
