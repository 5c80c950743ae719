import { z } from 'zod';
import type { OrganisationContext } from '../http/context';
import { defineJob } from '../queue/job';

/** Files removed per transaction: a forced delete of a large job is drained in chunks. */
const CHUNK = 200;

/**
 * Removes the stored files whose rows are gone (stored_file_removals, filled by triggers in the
 * deleting transaction): each chunk's files, then its rows, in one transaction of the
 * organisation. A run that dies midway leaves the rows and is retried; removing twice is harmless.
 * Every run drains all of the organisation's waiting removals, not only its own request's.
 */
export const removeStoredFilesJob = defineJob({
  name: 'remove-stored-files',
  payload: z.object({}),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 600,
  async run(_payload, job) {
    let removed = 0;
    for (;;) {
      const done = await job.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; key: string }>(
          `SELECT id, key FROM stored_file_removals ORDER BY created_at, id
            LIMIT ${CHUNK} FOR UPDATE SKIP LOCKED`,
        );
        for (const row of rows) await job.services.storage.remove(row.key);
        if (rows.length)
          await tx.query(`DELETE FROM stored_file_removals WHERE id = ANY($1::text[])`, [
            rows.map((row) => row.id),
          ]);
        return rows.length;
      });
      removed += done;
      if (done < CHUNK) return { removed };
    }
  },
});

/**
 * After a statement that may have left stored files without rows (deleting photos, sheets, jobs;
 * replacing a signature): queues their removal in the request's transaction, so it happens only
 * once the transaction has committed. Queues nothing when the transaction recorded none.
 */
export async function removeStoredFilesAfterCommit(ctx: OrganisationContext) {
  const { rows } = await ctx.db.query<{ waiting: boolean }>(
    `SELECT coalesce(current_setting('app.stored_files_removed', true), '') = 'true' AS waiting`,
  );
  if (!rows[0]?.waiting) return;
  await ctx.services.queue.enqueue(ctx, removeStoredFilesJob, {});
  await ctx.db.query(`SELECT set_config('app.stored_files_removed', 'false', true)`);
}
