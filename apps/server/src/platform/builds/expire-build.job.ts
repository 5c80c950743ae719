import { z } from 'zod';
import { idSchema } from '@fieldwork/contract';
import { defineJob } from '../queue/job';

/**
 * Removes a build's file when it expires (enqueued to start then, when the build became READY):
 * the file goes, and the build stays listed as EXPIRED. Runs once across every process (one job
 * row); safe to run twice.
 */
export const expireBuildJob = defineJob({
  name: 'expire-build',
  payload: z.object({ buildId: idSchema }),
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  expireInSeconds: 300,
  async run({ buildId }, job) {
    const key = await job.transaction(async (tx) => {
      const { rows } = await tx.query<{ file_key: string | null }>(
        `SELECT file_key FROM builds
          WHERE id = $1 AND status = 'READY' AND expires_at <= now() FOR UPDATE`,
        [buildId],
      );
      return rows[0]?.file_key ?? null;
    });
    if (!key) return { skipped: true };
    await job.services.storage.remove(key);
    await job.transaction((tx) =>
      tx.query(
        `UPDATE builds SET status = 'EXPIRED', file_size = NULL, updated_at = now()
          WHERE id = $1 AND status = 'READY'`,
        [buildId],
      ),
    );
    return { expired: true };
  },
});
