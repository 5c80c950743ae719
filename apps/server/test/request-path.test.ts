import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../src/platform/db/engine';
import {
  addMember,
  client,
  createOrganisation,
  startTestApp,
  usingPostgres,
  type OrganisationFixture,
  type TestApp,
} from './harness';

let test: TestApp;
let organisation: OrganisationFixture;
let clientId: string;
beforeAll(async () => {
  test = await startTestApp();
  organisation = await createOrganisation(test.app, 'Request Path');
  clientId = (await organisation.api.post('/clients', { name: 'Northgate' })).body.data.id;
});
afterAll(() => test.close());

/** Counts what a request asks of the database, through the Db interface every engine serves. */
function countCalls(db: Db) {
  const calls = { opened: 0, transactions: 0, statements: 0, outside: 0 };
  // The engines' methods are closures over their connection: they need no `this`.
  const original = {
    query: db.query.bind(db),
    transaction: db.transaction.bind(db),
    transactionWith: db.transactionWith.bind(db),
  };
  const counted = (tx: Queryable): Queryable => ({
    query: (text, params) => {
      calls.statements++;
      return tx.query(text, params);
    },
  });
  Object.assign(db, {
    query: (text: string, params?: unknown[]) => {
      calls.outside++;
      return original.query(text, params);
    },
    transaction: (work: (tx: Queryable) => Promise<unknown>) => {
      calls.transactions++;
      return original.transaction((tx) => work(counted(tx)));
    },
    transactionWith: (
      opening: string,
      work: (tx: Queryable, rows: unknown[]) => Promise<unknown>,
    ) => {
      calls.opened++;
      return original.transactionWith(opening, (tx, rows) => work(counted(tx), rows));
    },
  });
  return { calls, restore: () => Object.assign(db, original) };
}

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('the request path', () => {
  it('fetches a record with one opening round trip and the one statement', async () => {
    const counter = countCalls(test.platform.db);
    restore = counter.restore;
    const response = await organisation.api.get(`/clients/${clientId}`);
    expect(response.status).toBe(200);
    // BEGIN, scope, session, user and membership travel together; then the handler's statement.
    expect(counter.calls).toEqual({ opened: 1, transactions: 0, statements: 1, outside: 0 });
  });

  it('sends BEGIN with the scope and principal in one message on PostgreSQL, then COMMIT', async () => {
    if (!usingPostgres()) return; // PGlite has no wire: its calls are counted above
    const sent: string[] = [];
    const prototype = pg.Client.prototype as unknown as Record<
      'query',
      (...a: unknown[]) => unknown
    >;
    const query = prototype.query;
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      sent.push(text.trim().split(/\s+/).slice(0, 2).join(' '));
      return query.apply(this, args);
    };
    restore = () => (prototype.query = query);
    expect((await organisation.api.get(`/clients/${clientId}`)).status).toBe(200);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toBe('BEGIN; SELECT');
    expect(sent[2]).toBe('COMMIT');
  });

  it('refuses a forged token before taking a connection', async () => {
    const counter = countCalls(test.platform.db);
    restore = counter.restore;
    const [header, payload] = organisation.owner.token.split('.');
    const forged = client(test.app, `${header}.${payload}.${'A'.repeat(43)}`);
    expect((await forged.get('/me/context')).status).toBe(401);
    expect(counter.calls).toEqual({ opened: 0, transactions: 0, statements: 0, outside: 0 });
  });

  it('refuses a revoked session, a removed member and a lowered role at once', async () => {
    const member = await addMember(test, organisation, 'ADMIN');
    expect((await member.orgApi.get('/members')).status).toBe(200);

    // Role change: inviting needs ADMIN (an admin's empty invite fails validation instead).
    expect((await member.orgApi.post('/members/invites', {})).status).toBe(422);
    await test.platform.db.query(`UPDATE memberships SET role = 'OPERATIVE' WHERE user_id = $1`, [
      member.userId,
    ]);
    expect((await member.orgApi.post('/members/invites', {})).body.code).toBe('role_required');

    // Deactivated, then removed: not a member from the next request on.
    await test.platform.db.query(`UPDATE memberships SET active = false WHERE user_id = $1`, [
      member.userId,
    ]);
    expect((await member.orgApi.get(`/clients/${clientId}`)).body.code).toBe('not_a_member');
    await test.platform.db.query(`DELETE FROM memberships WHERE user_id = $1`, [member.userId]);
    expect((await member.orgApi.get(`/clients/${clientId}`)).status).toBe(403);

    // Logout revokes the session behind the still-unexpired access token.
    expect((await member.api.get('/me/context')).status).toBe(200);
    expect((await member.api.post('/auth/logout')).status).toBe(204);
    expect((await member.api.get('/me/context')).status).toBe(401);
  });

  it("touches a session's last use at most once a minute, in the opening statement", async () => {
    const member = await addMember(test, organisation, 'OPERATIVE');
    const lastUsed = async () =>
      (
        await test.platform.db.query<{ last_used_at: Date }>(
          'SELECT last_used_at FROM sessions WHERE user_id = $1',
          [member.userId],
        )
      ).rows[0]!.last_used_at.getTime();
    await test.platform.db.query(
      `UPDATE sessions SET last_used_at = now() - interval '2 hours' WHERE user_id = $1`,
      [member.userId],
    );
    const before = await lastUsed();
    const counter = countCalls(test.platform.db);
    restore = counter.restore;
    expect((await member.orgApi.get(`/clients/${clientId}`)).status).toBe(200);
    expect(counter.calls.statements).toBe(1);
    restore();
    const touched = await lastUsed();
    expect(touched - before).toBeGreaterThan(3_600_000);
    expect((await member.orgApi.get(`/clients/${clientId}`)).status).toBe(200);
    expect(await lastUsed()).toBe(touched);
  });
});
