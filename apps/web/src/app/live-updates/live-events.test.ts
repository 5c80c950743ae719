import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/api-config';
import {
  connectLiveEvents,
  parseEventStream,
  reconnectDelay,
  subscribeLiveEvents,
  type LiveDeps,
  type LiveMessage,
} from './live-events';
import { invalidateForLiveMessage } from './use-live-updates';

const ORG = '64b0000000000000000000f1';
const SHEET = '64b0000000000000000000a1';
const OTHER_SHEET = '64b0000000000000000000a2';
const JOB = '64b0000000000000000000b1';

/** A client holding what the inbox badge, the job sheets list, a sheet, a job and the bell cached. */
function seeded() {
  const client = new QueryClient();
  const keys = {
    inboxCount: ['organisations', ORG, 'inbox', 'count'],
    sheetList: ['organisations', ORG, 'job_sheets', 'list', { page: { number: 1 } }],
    sheet: ['organisations', ORG, 'job_sheets', 'one', SHEET],
    otherSheet: ['organisations', ORG, 'job_sheets', 'one', OTHER_SHEET],
    job: ['organisations', ORG, 'jobs', 'one', JOB],
    jobActivity: ['organisations', ORG, 'jobs', 'activity', JOB],
    bell: ['organisations', ORG, 'notifications', 'count'],
    clients: ['organisations', ORG, 'clients', 'list', {}],
  } as const;
  for (const key of Object.values(keys)) client.setQueryData(key, { seeded: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

describe('invalidateForLiveMessage', () => {
  it('refreshes the inbox badge, the sheet lists and the changed sheet, nothing else', async () => {
    const { client, stale } = seeded();
    await invalidateForLiveMessage(client, ORG, {
      type: 'change',
      change: { collection: 'job_sheets', ids: [SHEET] },
    });
    expect(stale()).toEqual(['inboxCount', 'sheet', 'sheetList']);
  });

  it('refreshes a job’s page and the inbox on a job’s change, the bell on a notice', async () => {
    const { client, stale } = seeded();
    await invalidateForLiveMessage(client, ORG, {
      type: 'change',
      change: { collection: 'jobs', ids: [JOB] },
    });
    expect(stale()).toEqual(['inboxCount', 'job', 'jobActivity']);
    const bell = seeded();
    await invalidateForLiveMessage(bell.client, ORG, {
      type: 'change',
      change: { collection: 'notifications', ids: [] },
    });
    expect(bell.stale()).toEqual(['bell']);
  });

  it('leaves one’s own changed record alone but refreshes the lists; many or resync refresh all', async () => {
    const own = seeded();
    await invalidateForLiveMessage(own.client, ORG, {
      type: 'change',
      change: { collection: 'job_sheets', ids: [SHEET], own: true },
    });
    expect(own.stale()).toEqual(['inboxCount', 'sheetList']);
    const many = seeded();
    await invalidateForLiveMessage(many.client, ORG, {
      type: 'change',
      change: { collection: 'job_sheets', ids: [], many: true },
    });
    expect(many.stale()).toEqual(['inboxCount', 'otherSheet', 'sheet', 'sheetList']);
    const resync = seeded();
    await invalidateForLiveMessage(resync.client, ORG, { type: 'resync' });
    expect(resync.stale()).toEqual([
      'bell',
      'inboxCount',
      'job',
      'jobActivity',
      'otherSheet',
      'sheet',
      'sheetList',
    ]);
  });
});

describe('parseEventStream', () => {
  it('reads events across chunks, skips heartbeats and keeps the incomplete rest', () => {
    const first = parseEventStream(
      'retry: 3000\n\nevent: ready\ndata: {}\n\n: heartbeat\n\nevent: cha',
    );
    expect(first.events).toEqual([{ event: 'ready', data: '{}' }]);
    const second = parseEventStream(`${first.rest}nge\r\ndata: {"collection":"jobs"}\r\n\r\n`);
    expect(second).toEqual({
      events: [{ event: 'change', data: '{"collection":"jobs"}' }],
      rest: '',
    });
  });

  it('backs off from 1 s, doubling, to at most 30 s', () => {
    expect([1, 2, 3, 6, 10].map((n) => reconnectDelay(n, () => 0.5))).toEqual([
      1000, 2000, 4000, 30000, 30000,
    ]);
  });
});

/** A stream answer whose events are pushed by the test. */
function streamAnswer() {
  let push: (text: string) => void = () => undefined;
  let finish: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      finish = () => controller.close();
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
  });
  return { response, push: (text: string) => push(text), end: () => finish() };
}

describe('connectLiveEvents', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens one stream per tab with the bearer, hands changes on, and renews a refused token', async () => {
    configureApi({ apiUrl: 'http://api.test' });
    const answers = [new Response('', { status: 401 }), streamAnswer()];
    const calls: { url: string; authorization: string | null; accept: string | null }[] = [];
    const deps: LiveDeps = {
      fetch: vi.fn((input: string | URL | Request, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        calls.push({
          url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
          authorization: headers.get('Authorization'),
          accept: headers.get('Accept'),
        });
        const next = answers.shift();
        return Promise.resolve(next instanceof Response ? next : next!.response);
      }),
      bearer: () => 'old-token',
      renew: () => Promise.resolve('new-token'),
      sleep: () => new Promise(() => undefined),
    };
    const stream = answers[1] as ReturnType<typeof streamAnswer>;
    const first: LiveMessage[] = [];
    const second: LiveMessage[] = [];
    const stopFirst = subscribeLiveEvents(ORG, (message) => first.push(message), deps);
    const stopSecond = subscribeLiveEvents(ORG, (message) => second.push(message), deps);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      url: `http://api.test/organisations/${ORG}/events`,
      authorization: 'Bearer new-token',
      accept: 'text/event-stream',
    });
    stream.push('event: ready\ndata: {}\n\n');
    stream.push(`event: change\ndata: {"collection":"job_sheets","ids":["${SHEET}"]}\n\n`);
    await vi.waitFor(() => expect(second).toHaveLength(1));
    expect(first).toEqual([{ type: 'change', change: { collection: 'job_sheets', ids: [SHEET] } }]);
    expect(calls).toHaveLength(2); // both listeners share the one stream
    stopFirst();
    stopSecond();
  });

  it('reconnects after the stream ends, and asks for a refresh of everything', async () => {
    configureApi({ apiUrl: 'http://api.test' });
    const streams = [streamAnswer(), streamAnswer()];
    const waits: number[] = [];
    const deps: LiveDeps = {
      fetch: vi.fn(() => Promise.resolve(streams.shift()!.response)),
      bearer: () => 'token',
      renew: () => Promise.resolve(null),
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    };
    const [one, two] = streams as [
      ReturnType<typeof streamAnswer>,
      ReturnType<typeof streamAnswer>,
    ];
    const messages: LiveMessage[] = [];
    const stop = connectLiveEvents(ORG, (message) => messages.push(message), deps);
    one.push('event: ready\ndata: {}\n\nevent: end\ndata: {"code":"invalid_token"}\n\n');
    await vi.waitFor(() => expect(waits).toEqual([500]));
    two.push('event: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(messages).toEqual([{ type: 'resync' }]));
    stop();
  });
});
