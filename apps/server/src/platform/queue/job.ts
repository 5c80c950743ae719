import type { FastifyBaseLogger } from 'fastify';
import type { z, ZodType } from 'zod';
import type { Queryable } from '../db/queryable';
import type { Services } from '../services';

/** What a job's handler is given besides its payload. */
export interface JobRun {
  /** The progress row (background_tasks.id) the web app polls. */
  taskId: string;
  organisationId: string | null;
  userId: string | null;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  services: Services;
  log: FastifyBaseLogger;
  /**
   * Runs work in a transaction scoped like a request's: the row-level-security role with the
   * task's organisation and user, so job code reaches data through the same walls.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Records how far the job has got (e.g. 40 of 120 rows), for the progress endpoint. */
  progress(done: number, total?: number | null, message?: string | null): Promise<void>;
}

/**
 * One kind of background work: its queue name, the payload it accepts, how it retries, and the
 * handler. Declared once per file (e.g. platform/mail/send-email.job.ts) and listed in src/jobs.ts.
 */
export interface JobKind<S extends ZodType = ZodType> {
  /** The pg-boss queue name: lowercase words joined by hyphens. */
  name: string;
  payload: S;
  /** Retries after the first attempt; the delay doubles each time when backoff is on. */
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /** A run taking longer is treated as failed (and retried): also how a crashed run comes back. */
  expireInSeconds: number;
  /**
   * Runs by itself on a cron schedule (pg-boss's: one schedule per queue, however many processes
   * declare it; one process sends each due run), with an empty payload, no organisation and no
   * user. E.g. `{ cron: '5 * * * *' }` at five past every hour (UTC unless `tz`).
   */
  schedule?: { cron: string; tz?: string };
  /**
   * How many of its jobs one process runs at once (default 1): work that mostly waits on another
   * system (a webhook's receiver, up to its time-out) runs several, so one slow receiver does not
   * hold up every other delivery.
   */
  concurrency?: number;
  /** Its answer is kept as the task's result (JSON). Must be safe to run twice (at-least-once). */
  run(payload: z.output<S>, job: JobRun): Promise<unknown>;
}

export function defineJob<S extends ZodType>(kind: JobKind<S>): JobKind<S> {
  return kind;
}

/** Where a job whose retries are spent is kept for inspection (pg-boss dead-letter queue). */
export const deadLetterQueue = (kind: Pick<JobKind, 'name'>) => `${kind.name}__dead`;
