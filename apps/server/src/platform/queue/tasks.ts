import type { Queryable } from '../db/queryable';

/** The progress rows of background work (table background_tasks). */

export interface TaskOwner {
  organisationId: string | null;
  userId: string | null;
}

export async function insertTask(db: Queryable, id: string, kind: string, owner: TaskOwner) {
  await db.query(
    `INSERT INTO background_tasks (id, organisation_id, user_id, kind) VALUES ($1, $2, $3, $4)`,
    [id, owner.organisationId, owner.userId, kind],
  );
}

export async function taskOwner(db: Queryable, id: string): Promise<TaskOwner | null> {
  const { rows } = await db.query<{ organisation_id: string | null; user_id: string | null }>(
    'SELECT organisation_id, user_id FROM background_tasks WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row ? { organisationId: row.organisation_id, userId: row.user_id } : null;
}

export async function markRunning(db: Queryable, id: string, attempt: number) {
  await db.query(
    `UPDATE background_tasks
        SET status = 'RUNNING', attempts = $2, error = NULL,
            started_at = coalesce(started_at, now()), updated_at = now()
      WHERE id = $1`,
    [id, attempt],
  );
}

export async function markProgress(
  db: Queryable,
  id: string,
  done: number,
  total: number | null,
  message: string | null,
) {
  await db.query(
    `UPDATE background_tasks
        SET progress_done = $2, progress_total = coalesce($3, progress_total),
            message = coalesce($4, message), updated_at = now()
      WHERE id = $1`,
    [id, done, total, message],
  );
}

export async function markSucceeded(db: Queryable, id: string, result: unknown) {
  await db.query(
    `UPDATE background_tasks
        SET status = 'SUCCEEDED', result = $2, progress_done = coalesce(progress_total, progress_done),
            finished_at = now(), updated_at = now()
      WHERE id = $1`,
    [id, result === undefined ? null : JSON.stringify(result)],
  );
}

/** A failed run: RETRYING while pg-boss has retries left, DEAD once they are spent. */
export async function markFailed(db: Queryable, id: string, error: string, dead: boolean) {
  await db.query(
    `UPDATE background_tasks
        SET status = $2, error = $3, finished_at = CASE WHEN $2 = 'DEAD' THEN now() END,
            updated_at = now()
      WHERE id = $1`,
    [id, dead ? 'DEAD' : 'RETRYING', error],
  );
}

/** Work refused for good (not retried): FAILED, with the error body as its result. */
export async function markRefused(db: Queryable, id: string, error: string, body: unknown) {
  await db.query(
    `UPDATE background_tasks
        SET status = 'FAILED', error = $2, result = $3, finished_at = now(), updated_at = now()
      WHERE id = $1`,
    [id, error, JSON.stringify(body)],
  );
}
