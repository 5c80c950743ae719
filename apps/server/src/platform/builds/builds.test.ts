import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addMember,
  createOrganisation,
  getFile,
  storedKeys,
  type OrganisationFixture,
  type OrgMember,
  type TestApp,
} from '../../../test/harness';
import { startKitTest } from '../resource-kit/kit-testing';
import { validationFailure } from '../errors';
import { route } from '../http/route';
import { defineBuild, registerBuildKind } from './define-build';
import { startBuild } from './start';
import { buildAnswerSchema, buildNoticeSchema } from '@fieldwork/contract';

/** A build of `lines` numbered lines; `fail` refuses it; `ttl` makes its file expire at once. */
const lines = defineBuild({
  name: 'test-lines',
  format: 'csv',
  options: z.object({ lines: z.number().int(), fail: z.boolean().default(false) }),
  label: (_ctx, options) => ({ name: `${options.lines} lines`, downloadName: 'lines' }),
  async *write(ctx, options, progress) {
    if (options.fail) throw validationFailure([], 'There is nothing to build.');
    for (let line = 1; line <= options.lines; line += 1) {
      yield `line ${line} for ${ctx.user.name}\n`;
      progress(line, options.lines);
    }
  },
});
const shortLived = defineBuild({ ...lines, name: 'test-short-lived', ttlSeconds: 1 });

const buildRoute = (kind: typeof lines) =>
  route({
    method: 'POST',
    path: `/test_builds/${kind.name}`,
    access: 'organisation',
    minRole: 'GUEST',
    tags: ['Test'],
    summary: 'A test build',
    body: kind.options.extend(buildNoticeSchema.shape),
    response: buildAnswerSchema,
    handler: async (ctx, { body }) => {
      const { notify, emails, ...options } = body;
      return startBuild(ctx, kind, options, { notify, emails });
    },
  });

let test: TestApp;
let org: OrganisationFixture;
let operative: OrgMember;
let otherOperative: OrgMember;
let manager: OrgMember;
let guest: OrgMember;

beforeAll(async () => {
  registerBuildKind(lines);
  registerBuildKind(shortLived);
  test = await startKitTest('test_builds_unused', 'name text', [
    buildRoute(lines),
    buildRoute(shortLived),
  ]);
  org = await createOrganisation(test.app, 'Builds Org');
  operative = await addMember(test, org, 'OPERATIVE');
  otherOperative = await addMember(test, org, 'OPERATIVE');
  manager = await addMember(test, org, 'MANAGER');
  guest = await addMember(test, org, 'GUEST');
});
afterAll(() => test.close());

const untilDone = async (api: OrgMember['orgApi'], id: string) => {
  await expect
    .poll(async () => (await api.get(`/builds/${id}`)).body.data.status, { timeout: 20_000 })
    .toMatch(/READY|FAILED/);
  return (await api.get(`/builds/${id}`)).body.data;
};

describe('builds', () => {
  it('builds a file in the background as the requester, with progress, behind a signed link', async () => {
    const asked = await operative.orgApi.post('/test_builds/test-lines', { lines: 2000 });
    expect(asked.status).toBe(200);
    const { url, build } = asked.body;
    expect(build).toMatchObject({
      kind: 'test-lines',
      name: '2000 lines',
      format: 'csv',
      status: 'QUEUED',
      user: { id: operative.userId },
      options: { lines: 2000, fail: false },
      file: null,
      retries: 0,
    });
    expect(url).toMatch(/\/files\/builds\/[0-9a-f]{24}\/[0-9a-f]{24}\/lines\.csv\?expires=/);
    const done = await untilDone(operative.orgApi, build.id);
    expect(done).toMatchObject({
      status: 'READY',
      progress: { total: 2000 },
      exception: null,
      file: { name: 'lines.csv', content_type: 'text/csv; charset=utf-8' },
    });
    expect(done.started_at).not.toBeNull();
    expect(done.completed_at).not.toBeNull();
    expect(Date.parse(done.expires_at) - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
    const file = await getFile(test.app, url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="lines.csv"');
    const text = file.body.trim().split('\n');
    expect(text).toHaveLength(2000);
    expect(text[0]).toBe('line 1 for OPERATIVE member');
    expect(done.file.size).toBe(file.rawPayload.length);
    expect((await getFile(test.app, done.file.url)).rawPayload.equals(file.rawPayload)).toBe(true);
    // the signature covers the key: another build's key with it is no link
    const widened = url.replace(build.id, otherOperative.userId);
    expect((await getFile(test.app, widened)).statusCode).toBe(403);
  });

  it('fails with the reason people read, on the record and the link', async () => {
    const asked = await operative.orgApi.post('/test_builds/test-lines', { lines: 1, fail: true });
    const done = await untilDone(operative.orgApi, asked.body.build.id);
    expect(done).toMatchObject({ status: 'FAILED', exception: 'There is nothing to build.' });
    expect(done.failed_at).not.toBeNull();
    expect(done.file).toBeNull();
    const link = await getFile(test.app, asked.body.url);
    expect(link.statusCode).toBe(422);
    expect(JSON.parse(link.body)).toMatchObject({ code: 'build_failed', status: 422 });
  });

  it('removes the file when it expires, and keeps the record as EXPIRED', async () => {
    const asked = await operative.orgApi.post('/test_builds/test-short-lived', { lines: 3 });
    await untilDone(operative.orgApi, asked.body.build.id);
    await expect
      .poll(
        async () => (await operative.orgApi.get(`/builds/${asked.body.build.id}`)).body.data.status,
        { timeout: 20_000, interval: 250 },
      )
      .toBe('EXPIRED');
    const link = await getFile(test.app, asked.body.url);
    expect(link.statusCode).toBe(404);
    expect(JSON.parse(link.body).code).toBe('build_expired');
    expect(await storedKeys(test, `builds/${org.id}/${asked.body.build.id}/`)).toEqual([]);
  });

  it('e-mails the link to the requester and the addresses typed, when asked', async () => {
    const asked = await operative.orgApi.post('/test_builds/test-lines', {
      lines: 2,
      notify: true,
      emails: ['client@example.test'],
    });
    await untilDone(operative.orgApi, asked.body.build.id);
    const { rows } = await test.platform.db.query<{ to_address: string; text_body: string }>(
      `SELECT to_address, text_body FROM outbox_emails WHERE subject = '2 lines is ready'`,
    );
    expect(rows.map((row) => row.to_address).sort()).toEqual(
      ['client@example.test', operative.email.toLowerCase()].sort(),
    );
    expect(rows[0]!.text_body).toMatch(/\/files\/builds\/.+lines\.csv\?expires=/);
  });

  it('shows each their own builds, managers anyone’s, and no other organisation’s', async () => {
    const mine = await operative.orgApi.post('/test_builds/test-lines', { lines: 1 });
    const id = mine.body.build.id;
    expect((await otherOperative.orgApi.get(`/builds/${id}`)).status).toBe(404);
    const theirs = await otherOperative.orgApi.get('/builds');
    expect(theirs.body.data.map((build: { id: string }) => build.id)).not.toContain(id);
    expect((await manager.orgApi.get(`/builds/${id}`)).status).toBe(200);
    const filtered = await manager.orgApi.get(`/builds?filter[user_id]=${operative.userId}`);
    expect(filtered.body.data.map((build: { id: string }) => build.id)).toContain(id);
    const unknownStatus = await manager.orgApi.get('/builds?filter[status]=NOPE');
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.body.code).toBe('bad_filter');
    const stranger = await createOrganisation(test.app, 'Stranger Org');
    expect((await stranger.api.get(`/builds/${id}`)).status).toBe(404);
    expect((await stranger.api.delete(`/builds/${id}`)).status).toBe(404);
    await untilDone(operative.orgApi, id);
    expect((await operative.orgApi.delete(`/builds/${id}`)).status).toBe(204);
    // a guest follows their own build as anyone does, and no one else's
    const guests = await guest.orgApi.post('/test_builds/test-lines', { lines: 2 });
    expect((await untilDone(guest.orgApi, guests.body.build.id)).status).toBe('READY');
    expect((await guest.orgApi.get('/builds')).body.data.map((b: { id: string }) => b.id)).toEqual([
      guests.body.build.id,
    ]);
    expect((await guest.orgApi.get(`/builds/${mine.body.build.id}`)).status).toBe(404);
    await expect
      .poll(() => storedKeys(test, `builds/${org.id}/${id}/`), { timeout: 10_000 })
      .toEqual([]);
  });
});
