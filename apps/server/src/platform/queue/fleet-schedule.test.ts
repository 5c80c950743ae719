import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { usingPostgres } from '../../../test/harness';
import { connectPostgres, type Db } from '../db/engine';
import { newId } from '../ids';
import { defineJob } from './job';
import { openQueue, type WorkQueue } from './queue';

/**
 * Scheduled work runs once across a fleet (docs/deployment.md): three processes keep the
 * queue's time on one database (the worker role and `npm start` do; the API role does not), each
 * looking for due schedules every second instead of every 30 s, and a schedule due every minute
 * is sent once per minute, not once per process or per look. pg-boss makes it so: one look at a
 * time across processes (a timestamp in its version table) and each due run sent as a singleton
 * of its minute. PostgreSQL only: one process owns a PGlite folder.
 */
describe.skipIf(!usingPostgres())('schedules across processes (PostgreSQL only)', () => {
  const opened: Array<{ db: Db; queue: WorkQueue }> = [];
  afterAll(async () => {
    for (const { db, queue } of opened) {
      await queue.stop();
      await db.close();
    }
  });

  it('sends a due run once, however many processes keep time', async () => {
    const schema = `pgboss_cron_${newId()}`;
    const kind = defineJob({
      name: 'fleet-cron-probe',
      payload: z.object({}),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      expireInSeconds: 60,
      schedule: { cron: '* * * * *' },
      run: async () => undefined,
    });
    const firstMinute = Math.floor(Date.now() / 60_000);
    for (const timekeeper of [true, true, true, false]) {
      const db = connectPostgres(inject('databaseUrl'), 2);
      const queue = await openQueue(db, {
        schema,
        jobs: [kind],
        timekeeper,
        cronMonitorIntervalSeconds: 1,
      });
      opened.push({ db, queue });
    }
    const runs = async () => {
      const { rows } = await opened[0]!.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${schema}.job WHERE name = $1`,
        [kind.name],
      );
      return rows[0]!.n;
    };
    await expect.poll(runs, { timeout: 15_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    // Several more looks by each of the three timekeepers.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const minutes = Math.floor(Date.now() / 60_000) - firstMinute + 1;
    // One run per minute the test spanned (a minute boundary crossed is a new, due run).
    expect(await runs()).toBeGreaterThanOrEqual(1);
    expect(await runs()).toBeLessThanOrEqual(minutes);
  }, 40_000);
});
