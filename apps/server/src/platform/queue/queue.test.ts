import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addMember,
  createOrganisation,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../../../test/harness';
import { newId } from '../ids';
import { deadLetterQueue, defineJob } from './job';
import { openQueue, type WorkQueue } from './queue';

let test: TestApp;
let queue: WorkQueue;
const schema = `pgboss_${newId()}`;
const attemptsAt: Record<string, number[]> = {};

/** Counts its pages with progress, and answers how many it saw. */
const countPages = defineJob({
  name: 'test-count-pages',
  payload: z.object({ pages: z.number().int() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 30,
  async run({ pages }, job) {
    for (let page = 1; page <= pages; page++) await job.progress(page, pages, `page ${page}`);
    return { pages };
  },
});

/** Fails its first `failures` attempts, remembering when each ran. */
const flaky = defineJob({
  name: 'test-flaky',
  payload: z.object({ key: z.string(), failures: z.number().int() }),
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  expireInSeconds: 30,
  async run({ key, failures }, job) {
    (attemptsAt[key] ??= []).push(Date.now());
    if (job.attempt <= failures) throw new Error(`attempt ${job.attempt} failed`);
    return { attempt: job.attempt };
  },
});

beforeAll(async () => {
  test = await startTestApp();
  queue = await openQueue(test.platform.db, {
    schema,
    jobs: [countPages, flaky],
    pollingIntervalSeconds: 0.5,
  });
  await queue.work(test.platform, test.app.log);
});
afterAll(async () => {
  await queue.stop();
  await test.close();
});

/** Enqueues in a transaction of its own, as a request would; `commit: false` rolls it back. */
async function enqueue<P>(
  kind: Parameters<WorkQueue['enqueue']>[1],
  payload: P,
  commit = true,
): Promise<string> {
  const wake: Array<() => Promise<void>> = [];
  let taskId = '';
  await test.platform.db
    .transaction(async (tx) => {
      taskId = await queue.enqueue(
        { db: tx, afterCommit: (task) => wake.push(task) },
        kind,
        payload,
      );
      if (!commit) throw new Error('roll back');
    })
    .catch((error: unknown) => {
      if (commit) throw error;
    });
  if (commit) await Promise.all(wake.map((task) => task()));
  return taskId;
}

interface TaskRow {
  status: string;
  attempts: number;
  progress_done: number;
  progress_total: number | null;
  message: string | null;
  result: unknown;
  error: string | null;
}

async function settled(taskId: string, statuses = ['SUCCEEDED', 'DEAD']): Promise<TaskRow> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await test.platform.db.query<TaskRow>(
      `SELECT status, attempts, progress_done, progress_total, message, result, error
         FROM background_tasks WHERE id = $1`,
      [taskId],
    );
    if (rows[0] && statuses.includes(rows[0].status)) return rows[0];
    if (Date.now() > deadline) throw new Error(`task ${taskId}: ${JSON.stringify(rows[0])}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('the work queue', () => {
  it('runs a job, keeps its progress and result on the progress row', async () => {
    const taskId = await enqueue(countPages, { pages: 3 });
    expect(await settled(taskId)).toEqual({
      status: 'SUCCEEDED',
      attempts: 1,
      progress_done: 3,
      progress_total: 3,
      message: 'page 3',
      result: { pages: 3 },
      error: null,
    });
  });

  it('retries a failing job with a growing delay, and then succeeds', async () => {
    const key = newId();
    const taskId = await enqueue(flaky, { key, failures: 2 });
    expect(await settled(taskId)).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 3,
      result: { attempt: 3 },
    });
    const [first, second, third] = attemptsAt[key]!;
    // backoff: the first retry waits 1–2 s, the second 2–4 s (delay × 2^n with jitter)
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1900);
  }, 30_000);

  it('gives up after its retries: the task is DEAD and the job is in the dead letter', async () => {
    const key = newId();
    const taskId = await enqueue(flaky, { key, failures: 99 });
    expect(await settled(taskId)).toMatchObject({
      status: 'DEAD',
      attempts: 3,
      error: 'attempt 3 failed',
    });
    expect(attemptsAt[key]).toHaveLength(3);
    // The task is marked DEAD in the last attempt's handler; the queue files the job in the dead
    // letter after that handler has thrown, a moment later.
    const deadLetters = async () => {
      const { rows } = await test.platform.db.query<{ data: { taskId: string } }>(
        `SELECT data FROM ${schema}.job WHERE name = $1`,
        [deadLetterQueue(flaky)],
      );
      return rows.map((row) => row.data.taskId);
    };
    await expect.poll(deadLetters).toContain(taskId);
  }, 30_000);

  it('enqueues nothing when the transaction rolls back', async () => {
    const key = newId();
    const taskId = await enqueue(flaky, { key, failures: 0 }, false);
    await new Promise((done) => setTimeout(done, 1200));
    expect(attemptsAt[key]).toBeUndefined();
    const { rows } = await test.platform.db.query('SELECT 1 FROM background_tasks WHERE id = $1', [
      taskId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a payload its kind does not accept, before anything is written', async () => {
    await expect(enqueue(countPages, { pages: 'many' })).rejects.toThrow();
  });
});

describe('GET /background_tasks/{id}', () => {
  it('shows the user who started the work its progress, and the admins; others learn nothing', async () => {
    const organisation = await createOrganisation(test.app, 'Queue Org');
    const inviter = await addMember(test, organisation, 'ADMIN');
    const invite = await inviter.orgApi.post('/members/invites', {
      email: uniqueEmail('invitee'),
      role: 'OPERATIVE',
    });
    expect(invite.status).toBe(201);
    const { rows } = await test.platform.db.query<{ id: string }>(
      `SELECT id FROM background_tasks WHERE organisation_id = $1 AND user_id = $2`,
      [organisation.id, inviter.userId],
    );
    const taskId = rows[0]!.id;
    await settled(taskId);

    const mine = await inviter.orgApi.get(`/background_tasks/${taskId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      id: taskId,
      kind: 'send-email',
      status: 'SUCCEEDED',
      attempts: 1,
      result: { delivered: true, outcome: 'LOGGED' },
    });
    expect((await organisation.api.get(`/background_tasks/${taskId}`)).status).toBe(200);

    const operative = await addMember(test, organisation, 'OPERATIVE');
    expect((await operative.orgApi.get(`/background_tasks/${taskId}`)).status).toBe(404);
    const other = await createOrganisation(test.app, 'Other Queue Org');
    expect((await other.api.get(`/background_tasks/${taskId}`)).status).toBe(404);
    expect((await inviter.orgApi.get(`/background_tasks/${newId()}`)).status).toBe(404);
  });
});
