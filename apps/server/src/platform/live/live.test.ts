import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createOrganisation,
  startTestApp,
  usingPostgres,
  type OrganisationFixture,
} from '../../../test/harness';
import { completeAnswers, sheetSceneApp } from '../../../test/fixtures/job-sheets';

const { test, scene } = sheetSceneApp('Live Org', { LIVE_HEARTBEAT_SECONDS: '1' });

interface Received {
  event: string;
  data: Record<string, unknown>;
}

/** An open GET /events: the events received so far, and a wait for one that matches. */
interface Stream {
  status: number;
  contentType: string | undefined;
  events: Received[];
  waitFor(match: (event: Received) => boolean, ms?: number): Promise<Received>;
  close(): void;
}

let base = '';

function openStream(token: string, organisationId: string, at = base): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${at}/organisations/${organisationId}/events`,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res: IncomingMessage) => {
        const events: Received[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event) events.push({ event, data: data ? JSON.parse(data) : {} });
          }
          waiters.forEach((wake) => wake());
        });
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          events,
          waitFor: (match, ms = 5_000) =>
            new Promise((found, fail) => {
              const check = () => {
                const hit = events.find(match);
                if (!hit) return;
                waiters.delete(check);
                clearTimeout(timer);
                found(hit);
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`no such event in ${JSON.stringify(events)}`));
              }, ms);
              waiters.add(check);
              check();
            }),
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const idsOf = (stream: Stream, collection: string) =>
  stream.events
    .filter((e) => e.event === 'change' && e.data.collection === collection)
    .flatMap((e) => e.data.ids as string[]);

/** Lets deliveries in flight (gathered for 50 ms, then checked) arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

let other: OrganisationFixture;
const streams: Stream[] = [];
const open = async (token: string, organisationId: string) => {
  const stream = await openStream(token, organisationId);
  streams.push(stream);
  if (stream.status === 200) await stream.waitFor((e) => e.event === 'ready');
  return stream;
};

beforeAll(async () => {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  other = await createOrganisation(test.app, 'Live Elsewhere');
});
afterAll(() => streams.forEach((stream) => stream.close()));

describe('GET /events', () => {
  it('tells member B of member A’s change, and nothing to another organisation or to an operative who may not read it', async () => {
    const manager = await open(scene.manager.token, scene.org.id);
    const operative = await open(scene.operative.token, scene.org.id);
    // The approver is an operative too, not assigned the job: an in-progress sheet is not theirs.
    const bystander = await open(scene.approver.token, scene.org.id);
    const elsewhere = await open(other.owner.token, other.id);
    expect(manager.contentType).toMatch(/^text\/event-stream/);

    // Member A (the operative) starts a sheet: member B (the manager) hears of it.
    const created = await scene.operative.orgApi.post('/job_sheets', {
      job_id: scene.jobId,
      form_id: scene.formId,
      field_values: completeAnswers(scene),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sheetId = created.body.data.id as string;
    const heard = await manager.waitFor(
      (e) => e.data.collection === 'job_sheets' && (e.data.ids as string[]).includes(sheetId),
    );
    expect(heard.data.own).toBeUndefined();
    // The operative's own stream hears it as their own change.
    const echo = await operative.waitFor(
      (e) => e.data.collection === 'job_sheets' && (e.data.ids as string[]).includes(sheetId),
    );
    expect(echo.data.own).toBe(true);
    // Member B (the manager) reschedules the job: A, to whom it is assigned, hears of it.
    const moved = await scene.manager.orgApi.post(`/jobs/${scene.jobId}/reschedule`, {
      date: '2026-12-02',
    });
    expect(moved.status).toBe(200);
    await operative.waitFor(
      (e) => e.data.collection === 'jobs' && (e.data.ids as string[]).includes(scene.jobId),
    );
    await settle();

    expect(idsOf(bystander, 'job_sheets')).not.toContain(sheetId);
    expect(idsOf(bystander, 'jobs')).not.toContain(scene.jobId);
    expect(JSON.stringify(bystander.events)).not.toContain(sheetId);
    // Another organisation's listener hears nothing at all of this one.
    expect(elsewhere.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('tells a person of their own new notices only, without naming them', async () => {
    const operative = await open(scene.operative.token, scene.org.id);
    const manager = await open(scene.manager.token, scene.org.id);
    // Reassigning the job to the operative again notifies them (the queue writes the notice).
    const moved = await scene.manager.orgApi.post(`/jobs/${scene.jobId}/reschedule`, {
      date: '2026-12-03',
    });
    expect(moved.status).toBe(200);
    const notice = await operative.waitFor(
      (e) => e.event === 'change' && e.data.collection === 'notifications',
      20_000,
    );
    expect(notice.data.ids).toEqual([]);
    await settle();
    expect(manager.events.some((e) => e.data.collection === 'notifications')).toBe(false);
  });

  it('ends the stream when the member loses access, and refuses a plain GET and a stranger', async () => {
    const member = await addMember(test, scene.org, 'OPERATIVE');
    const stream = await open(member.token, scene.org.id);
    await test.platform.db.query(
      `UPDATE memberships SET active = false WHERE organisation_id = $1 AND user_id = $2`,
      [scene.org.id, member.userId],
    );
    const end = await stream.waitFor((e) => e.event === 'end', 5_000);
    expect(end.data.code).toBe('not_a_member');

    const plain = await scene.manager.orgApi.get('/events');
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe('event_stream_only');
    const stranger = await openStream(other.owner.token, scene.org.id);
    streams.push(stranger);
    expect(stranger.status).toBe(403);
  });

  it('forgets a stream when its client goes', async () => {
    const before = test.platform.live.size();
    const stream = await open(scene.guest.token, scene.org.id);
    expect(test.platform.live.size()).toBe(before + 1);
    stream.close();
    const deadline = Date.now() + 2_000;
    while (test.platform.live.size() > before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(test.platform.live.size()).toBe(before);
  });
});

describe.runIf(usingPostgres())('GET /events across API processes', () => {
  it('tells a stream on one process of a change made through another', async () => {
    const second = await startTestApp();
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const stream = await openStream(scene.manager.token, scene.org.id, at);
      streams.push(stream);
      await stream.waitFor((e) => e.event === 'ready');
      const moved = await scene.manager.orgApi.post(`/jobs/${scene.jobId}/reschedule`, {
        date: '2026-12-04',
      });
      expect(moved.status).toBe(200);
      await stream.waitFor(
        (e) => e.data.collection === 'jobs' && (e.data.ids as string[]).includes(scene.jobId),
      );
      stream.close();
    } finally {
      await second.close();
    }
  });
});
