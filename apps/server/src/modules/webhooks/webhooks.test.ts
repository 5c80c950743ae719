import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createOrganisation,
  startTestApp,
  type OrgMember,
  type TestApp,
} from '../../../test/harness';
import { completeAnswers, sheetSceneApp } from '../../../test/fixtures/job-sheets';
import { isPrivateAddress, publishEvent, verifySignature } from '../../platform/events';
import type { OrganisationContext } from '../../platform/http/context';
import { generatedPdf, signaturePng } from '../documents/documents-testing';
import { postFile } from '../people/people-testing';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; created_at: string; organisation_id: string; data: any };
}

/**
 * A real HTTP receiver on a free port of this machine: it keeps every request, and answers each
 * path with the statuses queued for it (then 200).
 */
async function startReceiver() {
  const received: Received[] = [];
  const statuses = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, json: JSON.parse(body || '{}') });
      const status = statuses.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : 'try again later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** The requests to a path, waited for until there are `count` (up to 30 s). */
    async at(path: string, count = 1): Promise<Received[]> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const hits = received.filter((hit) => hit.path === path);
        if (hits.length >= count || Date.now() > deadline) return hits;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** The next answers to a path, in order. */
    answer(path: string, ...codes: number[]) {
      statuses.set(path, [...(statuses.get(path) ?? []), ...codes]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

// Retries after 1 s, then 1 s, then the delivery has failed (docs/webhooks.md; 30 s, 2 min, …
// in production).
const { test, scene } = sheetSceneApp('Webhooks Org', { WEBHOOK_RETRY_SECONDS: '1,1' });
let receiver: Receiver;
let admin: OrgMember['orgApi'];

beforeAll(async () => {
  receiver = await startReceiver();
  admin = scene.org.api;
});
afterAll(() => receiver.close());

const hmac = (secret: string, t: string, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

async function endpoint(path: string, events: string[], extra: Record<string, unknown> = {}) {
  const created = await admin.post('/webhooks', { url: receiver.url(path), events, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; secret: string };
}

/** A job with no forms, created, started and completed through the API by the manager. */
async function completedJob(): Promise<string> {
  const api = scene.manager.orgApi;
  const created = await api.post('/jobs', {
    project_id: scene.projectId,
    operative_id: scene.operative.userId,
    reference: 'Balcony handover',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  expect((await api.post(`/jobs/${id}/start_on_web`)).status).toBe(200);
  const done = await api.post(`/jobs/${id}/complete`);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return id;
}

async function deliveries(webhookId: string, count: number, query = '') {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = await admin.get(`/webhooks/${webhookId}/deliveries${query}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const settled = (list.body.data as { status: string }[]).filter((d) => d.status !== 'PENDING');
    const newest = (list.body.data as { status: string }[])[0];
    if ((settled.length >= count && newest?.status !== 'PENDING') || Date.now() > deadline)
      return list.body;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('webhook endpoints', () => {
  it('refuses bad bodies with 422s naming each field, and unknown keys', async () => {
    const bad = await admin.post('/webhooks', { url: 'ftp://example.com/x', events: [] });
    expect(bad.status).toBe(422);
    const fields = (bad.body.errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['events', 'url']);
    const unknownEvent = await admin.post('/webhooks', {
      url: receiver.url('/x'),
      events: ['job.exploded'],
    });
    expect(unknownEvent.status).toBe(422);
    expect(unknownEvent.body.errors[0].field).toMatch(/^events/);
    const unknownKey = await admin.post('/webhooks', {
      url: receiver.url('/x'),
      events: ['job.created'],
      colour: 'red',
    });
    expect(unknownKey.status).toBe(422);
    expect(unknownKey.body.errors[0].field).toBe('colour');
    const missing = await admin.post('/webhooks', {});
    expect(missing.status).toBe(422);
    const noUrl = await admin.post('/webhooks', { url: 'not a url', events: ['job.created'] });
    expect(noUrl.body.errors[0].field).toBe('url');
  });

  it('shows the secret whole only on create and rotate_secret; masked otherwise', async () => {
    const created = await endpoint('/secret', ['job.created'], { description: 'ERP' });
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const one = await admin.get(`/webhooks/${created.id}`);
    expect(one.body.data).toMatchObject({
      url: receiver.url('/secret'),
      description: 'ERP',
      events: ['job.created'],
      enabled: true,
      secret: `whsec_…${created.secret.slice(-4)}`,
      created_by_user: { id: scene.org.owner.userId },
      last_delivery: null,
    });
    const list = await admin.get('/webhooks');
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    const rotated = await admin.post(`/webhooks/${created.id}/rotate_secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(rotated.body.data.secret).not.toBe(created.secret);
    const updated = await admin.patch(`/webhooks/${created.id}`, { enabled: false });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.secret).toBe(`whsec_…${rotated.body.data.secret.slice(-4)}`);
    // The audit log never carries a secret.
    const { rows } = await test.platform.db.query<{ entry: string }>(
      `SELECT row_to_json(a)::text AS entry FROM audit_entries a
        WHERE organisation_id = $1 AND collection_name = 'webhooks' AND document_id = $2`,
      [scene.org.id, created.id],
    );
    expect(rows.map((row) => row.entry).join()).not.toMatch(/whsec_[0-9a-f]{8}/);
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it('lets only admins manage webhooks and get the portal link', async () => {
    const created = await endpoint('/roles', ['job.created']);
    for (const member of [scene.manager, scene.operative, scene.guest]) {
      expect((await member.orgApi.get('/webhooks')).status).toBe(403);
      expect((await member.orgApi.get(`/webhooks/${created.id}`)).status).toBe(403);
      expect(
        (
          await member.orgApi.post('/webhooks', {
            url: receiver.url('/r'),
            events: ['job.created'],
          })
        ).status,
      ).toBe(403);
      expect((await member.orgApi.post(`/webhooks/${created.id}/test`)).status).toBe(403);
      expect((await member.orgApi.get(`/webhooks/${created.id}/deliveries`)).status).toBe(403);
      const portal = await member.api.get(
        `/webhooks/portal_access_url?organisation_id=${scene.org.id}`,
      );
      expect(portal.status).toBe(403);
    }
    const portal = await scene.org.owner.api.get(
      `/webhooks/portal_access_url?organisation_id=${scene.org.id}`,
    );
    expect(portal.status).toBe(200);
    expect(portal.body.url).toBe(
      `http://localhost:3000/organisations/${scene.org.slug}/settings/webhooks`,
    );
    // An admin who is not the owner gets it too.
    const second = await addMember(test, scene.org, 'ADMIN');
    const theirs = await second.api.get(
      `/webhooks/portal_access_url?organisation_id=${scene.org.id}`,
    );
    expect(theirs.body.url).toBe(portal.body.url);
  });
});

describe('deliveries', () => {
  it('sends a signed job.completed event when a job is completed through the API', async () => {
    const hook = await endpoint('/completed', ['job.completed']);
    const jobId = await completedJob();
    const [hit] = await receiver.at('/completed');
    expect(hit).toBeDefined();
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers['fieldwork-event-type']).toBe('job.completed');
    expect(hit!.headers['fieldwork-event-id']).toBe(hit!.json.id);
    const signature = String(hit!.headers['fieldwork-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(v1).toBe(hmac(hook.secret, t!, hit!.body));
    expect(verifySignature(hook.secret, signature, hit!.body)).toBe(true);
    expect(verifySignature('whsec_wrong', signature, hit!.body)).toBe(false);
    expect(verifySignature(hook.secret, signature, `${hit!.body} `)).toBe(false);
    expect(hit!.json).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'job.completed',
      organisation_id: scene.org.id,
      data: { id: jobId, status: 'COMPLETED', reference: 'Balcony handover' },
    });
    expect(hit!.json.data.permissions).toBeUndefined();
    const log = await deliveries(hook.id, 1);
    expect(log.data[0]).toMatchObject({
      webhook_id: hook.id,
      event_id: hit!.json.id,
      event_type: 'job.completed',
      attempt: 1,
      status: 'DELIVERED',
      status_code: 200,
      response_body: 'ok',
      error: null,
      next_attempt_at: null,
    });
    expect(log.data[0].duration_ms).toBeGreaterThanOrEqual(0);
    expect(log.data[0].delivered_at).toMatch(/Z$/);
    const listed = await admin.get(`/webhooks/${hook.id}`);
    expect(listed.body.data.last_delivery).toMatchObject({ status: 'DELIVERED', status_code: 200 });
  });

  it('retries a failed delivery with backoff, the same event id and body, logging each attempt', async () => {
    const hook = await endpoint('/flaky', ['job.completed']);
    receiver.answer('/flaky', 500);
    await completedJob();
    const hits = await receiver.at('/flaky', 2);
    expect(hits).toHaveLength(2);
    expect(hits[1]!.body).toBe(hits[0]!.body);
    expect(hits[1]!.headers['fieldwork-event-id']).toBe(hits[0]!.headers['fieldwork-event-id']);
    const log = await deliveries(hook.id, 2);
    const [second, first] = log.data as any[];
    expect(first).toMatchObject({
      attempt: 1,
      status: 'RETRYING',
      status_code: 500,
      response_body: 'try again later',
      error: 'The endpoint answered 500.',
    });
    expect(Date.parse(first.next_attempt_at) - Date.parse(first.failed_at)).toBe(1000);
    expect(second).toMatchObject({ attempt: 2, status: 'DELIVERED', status_code: 200 });
    expect(Date.parse(second.created_at)).toBeGreaterThanOrEqual(Date.parse(first.created_at));
    expect(log.meta.total).toBe(2);
  });

  it('gives up after the schedule: FAILED, with no further attempt', async () => {
    const hook = await endpoint('/down', ['job.completed']);
    receiver.answer('/down', 503, 503, 503, 503);
    await completedJob();
    await receiver.at('/down', 3);
    const log = await deliveries(hook.id, 3);
    expect((log.data as any[]).map((d) => [d.attempt, d.status])).toEqual([
      [3, 'FAILED'],
      [2, 'RETRYING'],
      [1, 'RETRYING'],
    ]);
    expect(log.data[0].next_attempt_at).toBeNull();
    const failed = await admin.get(`/webhooks/${hook.id}/deliveries?filter[status]=FAILED`);
    expect(failed.body.meta.total).toBe(1);
    // Redeliver: the same event again, as a new round.
    const again = await admin.post(`/webhooks/${hook.id}/deliveries/${log.data[0].id}/redeliver`);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.data).toMatchObject({ status: 'PENDING', attempt: 1 });
    const hits = await receiver.at('/down', 4);
    expect(hits[3]!.json.id).toBe(hits[0]!.json.id);
    const after = await deliveries(hook.id, 4);
    expect(after.data[0]).toMatchObject({ status: 'DELIVERED', event_id: hits[0]!.json.id });
  });

  it('sends nothing to disabled endpoints or for events they did not subscribe to', async () => {
    await endpoint('/disabled', ['job.completed'], { enabled: false });
    await endpoint('/created-only', ['job.created']);
    const witness = await endpoint('/witness', ['job.completed']);
    const jobId = await completedJob();
    const [seen] = await receiver.at('/witness');
    expect(seen!.json.data.id).toBe(jobId);
    await deliveries(witness.id, 1);
    expect(receiver.received.filter((hit) => hit.path === '/disabled')).toHaveLength(0);
    const created = receiver.received.filter((hit) => hit.path === '/created-only');
    expect(created.map((hit) => hit.json.type)).toEqual(['job.created']);
  });

  it('sends a ping with POST /webhooks/{id}/test, signed with a rotated secret', async () => {
    const hook = await endpoint('/ping', ['job.created']);
    const rotated = (await admin.post(`/webhooks/${hook.id}/rotate_secret`)).body.data.secret;
    const sent = await admin.post(`/webhooks/${hook.id}/test`);
    expect(sent.status).toBe(202);
    expect(sent.body.data).toMatchObject({ event_type: 'ping', status: 'PENDING', attempt: 1 });
    const [hit] = await receiver.at('/ping');
    expect(hit!.json).toMatchObject({ type: 'ping', data: { id: hook.id } });
    const signature = String(hit!.headers['fieldwork-signature']);
    expect(verifySignature(rotated, signature, hit!.body)).toBe(true);
    expect(verifySignature(hook.secret, signature, hit!.body)).toBe(false);
  });

  it('publishes job-sheet and location events: approved only at the last stage', async () => {
    const hook = await endpoint('/sheets', [
      'job_sheet.submitted',
      'job_sheet.approved',
      'job_sheet.rejected',
      'location.status_changed',
    ]);
    const location = await scene.manager.orgApi.post('/locations', {
      project_id: scene.projectId,
      reference: 'Door 1',
    });
    expect(location.status, JSON.stringify(location.body)).toBe(201);
    const locationId = location.body.data.id as string;
    const api = scene.operative.orgApi;
    const created = await api.post('/job_sheets', {
      job_id: scene.jobId,
      form_id: scene.formId,
      location_id: locationId,
      field_values: completeAnswers(scene),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sheetId = created.body.data.id as string;
    await api.post(`/job_sheets/${sheetId}/submit`, { operative_declaration_accepted: true });
    // first stage: still SUBMITTED, no approved event
    expect(
      (
        await scene.approver.orgApi.post(`/job_sheets/${sheetId}/approve`, {
          declaration_accepted: true,
        })
      ).status,
    ).toBe(200);
    const rejected = await scene.manager.orgApi.post(`/job_sheets/${sheetId}/reject`, {
      comments: 'Photo missing',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    await api.post(`/job_sheets/${sheetId}/submit`, { operative_declaration_accepted: true });
    await scene.approver.orgApi.post(`/job_sheets/${sheetId}/approve`, {
      declaration_accepted: true,
    });
    const last = await scene.manager.orgApi.post(`/job_sheets/${sheetId}/approve`, {
      declaration_accepted: true,
    });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const hits = await receiver.at('/sheets', 9);
    const types = hits.map((hit) => hit.json.type);
    const sheetTypes = types.filter((type) => type.startsWith('job_sheet.'));
    expect(sheetTypes.sort()).toEqual([
      'job_sheet.approved',
      'job_sheet.rejected',
      'job_sheet.submitted',
      'job_sheet.submitted',
    ]);
    const approved = hits.find((hit) => hit.json.type === 'job_sheet.approved')!;
    expect(approved.json.data).toMatchObject({ id: sheetId, status: 'APPROVED' });
    const rejectedHit = hits.find((hit) => hit.json.type === 'job_sheet.rejected')!;
    expect(rejectedHit.json.data.latest_decision).toMatchObject({ comments: 'Photo missing' });
    // the form's automation moved the location on create, submit, reject, submit and approve
    // Deliveries run side by side, so they may arrive out of order: receivers order by created_at.
    const moved = hits
      .filter((hit) => hit.json.type === 'location.status_changed')
      .sort((a, b) => a.json.created_at.localeCompare(b.json.created_at));
    expect(moved.map((hit) => hit.json.data.status_id)).toEqual([
      scene.statusIds.started,
      scene.statusIds.submitted,
      scene.statusIds.rejected,
      scene.statusIds.submitted,
      scene.statusIds.approved,
    ]);
    expect(moved[0]!.json.data.id).toBe(locationId);
    // a manager's change of status
    const changed = await scene.manager.orgApi.patch(`/locations/${locationId}`, {
      status_id: scene.statusIds.rejected,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [, ...rest] = await receiver.at('/sheets', 10);
    expect(rest.at(-1)!.json.data).toMatchObject({
      id: locationId,
      status_id: scene.statusIds.rejected,
      previous_status_id: scene.statusIds.approved,
    });
    await deliveries(hook.id, 10);
  });
});

describe('isolation', () => {
  it('never sends one organisation’s events to another’s endpoints, whose records are 404 here', async () => {
    const other = await createOrganisation(test.app, 'Other Webhooks Org');
    const theirs = await other.api.post('/webhooks', {
      url: receiver.url('/other'),
      events: ['job.completed', 'job.created'],
    });
    expect(theirs.status).toBe(201);
    const ours = await endpoint('/ours', ['job.completed']);
    await completedJob();
    await receiver.at('/ours');
    await deliveries(ours.id, 1);
    expect(receiver.received.filter((hit) => hit.path === '/other')).toHaveLength(0);
    const theirId = theirs.body.data.id as string;
    expect((await admin.get(`/webhooks/${theirId}`)).status).toBe(404);
    expect((await admin.get(`/webhooks/${theirId}/deliveries`)).status).toBe(404);
    expect((await admin.patch(`/webhooks/${theirId}`, { enabled: false })).status).toBe(404);
    expect((await admin.post(`/webhooks/${theirId}/test`)).status).toBe(404);
    expect((await admin.post(`/webhooks/${theirId}/rotate_secret`)).status).toBe(404);
    expect((await admin.delete(`/webhooks/${theirId}`)).status).toBe(404);
    const list = (await admin.get('/webhooks?page[size]=100')).body.data as { id: string }[];
    expect(list.map((hook) => hook.id)).not.toContain(theirId);
    // and their admin reaches none of ours, nor our deliveries
    const ourDelivery = (await admin.get(`/webhooks/${ours.id}/deliveries`)).body.data[0].id;
    expect((await other.api.get(`/webhooks/${ours.id}`)).status).toBe(404);
    expect((await other.api.get(`/webhooks/${ours.id}/deliveries/${ourDelivery}`)).status).toBe(
      404,
    );
    expect(
      (await other.api.post(`/webhooks/${ours.id}/deliveries/${ourDelivery}/redeliver`)).status,
    ).toBe(404);
    expect(
      (await other.owner.api.get(`/webhooks/portal_access_url?organisation_id=${scene.org.id}`))
        .status,
    ).toBe(403);
  });

  it('deletes an endpoint with its log', async () => {
    const hook = await endpoint('/gone', ['job.created']);
    expect((await admin.delete(`/webhooks/${hook.id}`)).status).toBe(204);
    expect((await admin.get(`/webhooks/${hook.id}`)).status).toBe(404);
    const { rows } = await test.platform.db.query(
      'SELECT 1 FROM webhook_endpoint_secrets WHERE endpoint_id = $1',
      [hook.id],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('publishEvent', () => {
  it('sends nothing when the request’s transaction rolls back, and the event once it commits', async () => {
    await endpoint('/rollback', ['job.created']);
    const publish = (documentId: string, fail: boolean) =>
      test.platform.db.transaction(async (tx) => {
        const ctx = {
          db: tx,
          services: test.platform,
          organisationId: scene.org.id,
          user: { id: scene.org.owner.userId },
          afterCommit: () => undefined,
        } as unknown as OrganisationContext;
        await publishEvent(ctx, 'job.created', [{ id: documentId }]);
        const { rows } = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${test.platform.config.queueSchema}.job
            WHERE name = 'webhook-fan-out' AND data->'payload'->'data'->>'id' = $1`,
          [documentId],
        );
        expect(rows[0]!.n).toBe(1); // queued in the transaction…
        if (fail) throw new Error('rolled back');
      });
    await expect(publish('rolledbackrolledbackroll', true)).rejects.toThrow('rolled back');
    await publish('committedcommittedcommit', false);
    const hits = await receiver.at('/rollback');
    // …and gone with it: only the committed event arrives
    expect(hits.map((hit) => hit.json.data.id)).toEqual(['committedcommittedcommit']);
  });
});

describe('signed documents', () => {
  it('sends signed_document.completed when a recipient signs', async () => {
    await endpoint('/signed', ['signed_document.completed']);
    const uploaded = await postFile(
      test,
      scene.org,
      '/documents/file',
      { project_id: scene.projectId, folder_id: '' },
      { name: 'Permit.pdf', content: await generatedPdf(1), type: 'application/pdf' },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const converted = await admin.put(`/documents/${uploaded.body.data.id}/convert_to_signed`, {
      enableOnCreate: 'true',
      addUserIds: [scene.operative.userId],
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    const documentId = converted.body.data.id as string;
    const signed = await scene.operative.orgApi.post(`/signed_documents/${documentId}/sign`, {
      signature: await signaturePng(),
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const [hit] = await receiver.at('/signed');
    expect(hit!.json).toMatchObject({
      type: 'signed_document.completed',
      data: {
        id: signed.body.data.id,
        signed_document_id: documentId,
        signed_document: { id: documentId, name: 'Permit' },
        user_id: scene.operative.userId,
      },
    });
    expect(hit!.json.data.completed_at).toMatch(/Z$/);
  });
});

describe('timesheets', () => {
  it('sends timesheet.ended when a member ends their time, with the entry', async () => {
    await endpoint('/time', ['timesheet.ended']);
    const operative = scene.operative.orgApi;
    const started = await operative.post('/timesheets/start', {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const ended = await operative.post('/timesheets/end', {});
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const [hit] = await receiver.at('/time');
    expect(hit!.json).toMatchObject({
      type: 'timesheet.ended',
      data: { id: started.body.data.id, user_id: scene.operative.userId },
    });
    expect(hit!.json.data.ended_at).toEqual(expect.any(String));
    expect(hit!.json.data.permissions).toBeUndefined();
  });
});

describe('addresses in production (WEBHOOK_ALLOW_PRIVATE_URLS=false)', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' });
  });
  afterAll(() => guarded.close());

  it('refuses plain http and private, loopback and link-local addresses', async () => {
    const org = await createOrganisation(guarded.app, 'Guarded Org');
    for (const [url, message] of [
      ['http://example.com/hooks', /https/],
      ['https://127.0.0.1/hooks', /public address/],
      ['https://10.1.2.3/hooks', /public address/],
      ['https://169.254.169.254/latest', /public address/],
      ['https://[::1]/hooks', /public address/],
      ['https://localhost/hooks', /public address/],
      ['https://user:pw@93.184.216.34/hooks', /user name/],
    ] as const) {
      const refused = await org.api.post('/webhooks', { url, events: ['job.created'] });
      expect(refused.status, url).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        field: 'url',
        message: expect.stringMatching(message),
      });
    }
    const accepted = await org.api.post('/webhooks', {
      url: 'https://93.184.216.34/hooks',
      events: ['job.created'],
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const moved = await org.api.patch(`/webhooks/${accepted.body.data.id}`, {
      url: 'https://192.168.1.10/x',
    });
    expect(moved.status).toBe(422);
    const member = await addMember(guarded, org, 'OPERATIVE');
    expect(
      (
        await client(guarded.app, member.token).get(
          '/webhooks/portal_access_url?organisation_id=' + org.id,
        )
      ).status,
    ).toBe(403);
  });

  it('knows private addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
