import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import { callerContext, jobCallerSchema } from '../../platform/queue/caller-context';
import {
  countProjectMaterials,
  loadBook,
  nextSheets,
  RECALCULATE_SHEETS_PER_CHUNK,
  repriceSheets,
} from './reprice';

export const recalculatePayload = jobCallerSchema.extend({ projectId: z.string() });

/**
 * POST /projects/{id}/recalculate_rates on the queue: re-prices every job sheet material of the
 * project with today's rate sets, a chunk of sheets per transaction (keyset by sheet id), with
 * progress in materials. Safe to run again: each chunk writes the same prices.
 */
export const recalculateRatesJob = defineJob({
  name: 'recalculate-rates',
  payload: recalculatePayload,
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  expireInSeconds: 1800,
  async run(payload, job) {
    const scoped = <T>(work: (ctx: Awaited<ReturnType<typeof callerContext>>) => Promise<T>) =>
      job.transaction(async (tx) => work(await callerContext(job, tx, payload)));
    const total = await scoped((ctx) => countProjectMaterials(ctx, payload.projectId));
    await job.progress(0, total, `Recalculating ${total} job sheet materials`);
    const book = await scoped((ctx) => loadBook(ctx));
    let after = '';
    let done = 0;
    for (;;) {
      const priced = await scoped(async (ctx) => {
        const sheets = await nextSheets(
          ctx,
          payload.projectId,
          after,
          RECALCULATE_SHEETS_PER_CHUNK,
        );
        after = sheets[sheets.length - 1] ?? after;
        return sheets.length ? await repriceSheets(ctx, sheets, book) : null;
      });
      if (priced === null) break;
      done += priced;
      await job.progress(Math.min(done, total), total, `Recalculated ${done} of ${total}`);
    }
    await scoped((ctx) =>
      ctx.db.query(
        `UPDATE projects SET rates_recalculated_at = now() WHERE organisation_id = $1 AND id = $2`,
        [ctx.organisationId, payload.projectId],
      ),
    );
    return { project_id: payload.projectId, recalculated: done };
  },
});
