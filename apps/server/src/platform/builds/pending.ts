import type { Build } from '@fieldwork/contract';
import type { Queryable } from '../db/queryable';
import { AppError } from '../errors';
import { buildOfKey } from './files';

/** What a signed link to a build's file answers before (or instead of) the file. */
export interface PendingFile {
  status: 202 | 404 | 422;
  body: { message: string; build: Pick<Build, 'id' | 'status' | 'progress' | 'exception'> };
}

/**
 * A signed link to a build's file whose file is not (or no longer) there: while it is built, 202
 * with its progress (come back later); once failed, 422 with the reason; once expired, 404. The
 * link's signature has already said the holder may have it, so this reads past the tenant walls
 * (the platform's own handle), for that one build only.
 */
export async function pendingBuildFile(db: Queryable, key: string): Promise<PendingFile | null> {
  const named = buildOfKey(key);
  if (!named) return null;
  const { rows } = await db.query<{
    id: string;
    status: Build['status'];
    exception: string | null;
    done: number | null;
    total: number | null;
    message: string | null;
  }>(
    `SELECT t.id, t.status, t.exception, b.progress_done AS done, b.progress_total AS total,
            b.message
       FROM builds t LEFT JOIN background_tasks b ON b.id = t.task_id
      WHERE t.organisation_id = $1 AND t.id = $2 AND t.file_key = $3`,
    [named.organisationId, named.id, key],
  );
  const build = rows[0];
  if (!build) return null;
  const summary = {
    id: build.id,
    status: build.status,
    exception: build.exception,
    progress: { done: build.done ?? 0, total: build.total, message: build.message },
  };
  switch (build.status) {
    case 'QUEUED':
    case 'RUNNING':
      return {
        status: 202,
        body: { message: 'The file is being built; try again in a moment.', build: summary },
      };
    case 'FAILED':
      return {
        status: 422,
        body: {
          ...new AppError(
            422,
            'build_failed',
            build.exception ?? 'The file could not be built.',
          ).toBody(),
          build: summary,
        },
      };
    case 'EXPIRED':
      return {
        status: 404,
        body: {
          ...new AppError(404, 'build_expired', 'This file has expired; build it again.').toBody(),
          build: summary,
        },
      };
    case 'READY':
      return null;
  }
}
