import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z, ZodType } from 'zod';
import type { Db, Queryable } from '../db/engine';
import { AppError } from '../errors';
import type { PublicContext } from '../http/context';
import { newId } from '../ids';
import type { Services } from '../services';
import { bossDb, transactionDb } from './boss-db';
import { deadLetterQueue, type JobKind, type JobRun } from './job';
import {
  insertTask,
  markFailed,
  markProgress,
  markRefused,
  markRunning,
  markSucceeded,
  type TaskOwner,
} from './tasks';

/** What a job row carries: the progress row's id and the kind's payload. */
interface Envelope {
  taskId: string;
  organisationId: string | null;
  userId: string | null;
  payload: unknown;
}

/** A caller that can enqueue: any request context (its transaction and its after-commit hook). */
type EnqueueContext = Pick<PublicContext, 'db' | 'afterCommit'> & {
  organisationId?: string;
  user?: { id: string };
};

export interface WorkQueue {
  /**
   * Enqueues a job in the caller's transaction (with its progress row): it exists only if that
   * transaction commits, and a worker is woken once it has. Answers the progress row's id.
   */
  enqueue<S extends ZodType>(
    ctx: EnqueueContext,
    kind: Pick<JobKind<S>, 'name' | 'payload'>,
    payload: z.input<S>,
    /** Run no sooner than this (scheduled work: a build's file removed when it expires). */
    options?: { startAfter?: Date },
  ): Promise<string>;
  /** Starts one worker per job kind in this process (buildApp does, and stops them on close). */
  work(services: Services, log: FastifyBaseLogger): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** The PostgreSQL schema pg-boss keeps its tables in. */
  schema: string;
  jobs: JobKind[];
  /** How often an idle worker looks for jobs it was not woken for (other processes', retries). */
  pollingIntervalSeconds?: number;
  /**
   * Whether this process keeps the queue's time (cron schedules) and supervises it (expires runs
   * whose process died, so another retries them): the worker role and a single process do, an
   * API-only process does not (it only enqueues). Default true.
   */
  timekeeper?: boolean;
  /** How often a timekeeper looks for due schedules (pg-boss's default 30 s; tests go faster). */
  cronMonitorIntervalSeconds?: number;
}

/** Creates (or migrates) pg-boss's schema and one queue per job kind, each with a dead letter. */
export async function openQueue(db: Db, options: QueueOptions): Promise<WorkQueue> {
  let stopped = false;
  const timekeeper = options.timekeeper ?? true;
  const boss = new PgBoss({
    db: bossDb(db, () => stopped),
    schema: options.schema,
    // Cron runs (kinds with `schedule`): pg-boss checks the schedules every 30 s, one process at
    // a time (a timestamp lock in its version table), and sends each due run once (a singleton).
    schedule: timekeeper && options.jobs.some((kind) => kind.schedule),
    // expires runs that died with their process, so they are retried (also one process at a time)
    supervise: timekeeper,
    ...(options.cronMonitorIntervalSeconds
      ? {
          cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds,
          cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds,
        }
      : {}),
  });
  let log: Pick<FastifyBaseLogger, 'error' | 'warn'> = console;
  boss.on('error', (error) => log.error({ err: error }, 'work queue error'));
  // One process at a time creates the schema and the queues (concurrent creates deadlock).
  await oneAtATime(db, `fieldwork.queue.start.${options.schema}`, () =>
    startQueues(boss, options.jobs, timekeeper),
  );
  await grantEnqueue(db, options.schema);
  const kinds = new Map(options.jobs.map((kind) => [kind.name, kind]));
  const workers = new Map<string, string>();

  return {
    async enqueue(ctx, kind, payload, options = {}) {
      if (!kinds.has(kind.name)) throw new Error(`Job kind ${kind.name} is not in src/jobs.ts`);
      const owner: TaskOwner = {
        organisationId: ctx.organisationId ?? null,
        userId: ctx.user?.id ?? null,
      };
      const taskId = newId();
      const envelope: Envelope = { taskId, ...owner, payload: kind.payload.parse(payload) };
      await insertTask(ctx.db, taskId, kind.name, owner);
      const jobId = await boss.send(kind.name, envelope, {
        db: transactionDb(ctx.db),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
      if (!jobId) throw new Error(`The queue ${kind.name} refused a job`);
      ctx.afterCommit(async () => {
        const worker = workers.get(kind.name);
        if (worker) boss.notifyWorker(worker);
      });
      return taskId;
    },

    async work(services, logger) {
      log = logger;
      for (const kind of options.jobs) {
        if (workers.has(kind.name)) continue;
        // pg-boss runs one job at a time per worker: a kind's concurrency is that many workers.
        for (let worker = 0; worker < Math.max(1, kind.concurrency ?? 1); worker++) {
          let id = '';
          id = await boss.work<Envelope>(
            kind.name,
            {
              includeMetadata: true,
              pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            },
            async ([job]) => {
              if (!job) return undefined;
              // A worker that just ran a job looks for the next at once (a backlog drains at the
              // pace of the work, not one job per polling interval); an empty fetch then waits.
              try {
                return await runJob(db, kind, job, services, logger);
              } finally {
                if (id) boss.notifyWorker(id);
              }
            },
          );
          // the first worker is the one woken when a job of the kind is enqueued
          if (!workers.has(kind.name)) workers.set(kind.name, id);
        }
      }
    },

    async stop() {
      // waits for runs in progress (up to the timeout); pg-boss does not close our database
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      stopped = true;
      workers.clear();
    },
  };
}

/** One run of one job: the progress row follows it, and a throw hands the job back for retry. */
async function runJob(
  db: Db,
  kind: JobKind,
  job: PgBoss.JobWithMetadata<Envelope>,
  services: Services,
  log: FastifyBaseLogger,
): Promise<unknown> {
  const { taskId, organisationId, userId } = job.data;
  const attempt = job.retryCount + 1;
  await markRunning(db, taskId, attempt);
  const run: JobRun = {
    taskId,
    organisationId,
    userId,
    attempt,
    services,
    log: log.child({ job: kind.name, taskId, attempt }),
    transaction: (work) => scopedTransaction(db, organisationId, userId, work),
    progress: (done, total = null, message = null) =>
      markProgress(db, taskId, done, total, message),
  };
  try {
    const result = await kind.run(kind.payload.parse(job.data.payload), run);
    await markSucceeded(db, taskId, result);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      // A refusal (an import's rejected rows, a member who lost access): another attempt would be
      // refused again, so the task ends FAILED with the error's body, and the job is done.
      await markRefused(db, taskId, error.message, error.toBody());
      run.log.info({ code: error.code }, 'job refused');
      return { refused: error.code };
    }
    const message = error instanceof Error ? error.message : String(error);
    const dead = job.retryCount >= job.retryLimit;
    await markFailed(db, taskId, message, dead);
    run.log.warn({ err: error, dead }, dead ? 'job failed for good' : 'job failed; will retry');
    throw error;
  }
}

function scopedTransaction<T>(
  db: Db,
  organisationId: string | null,
  userId: string | null,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `SELECT set_config('role', 'fieldwork_app', true),
              set_config('app.organisation_id', $1, true),
              set_config('app.user_id', $2, true)`,
      [organisationId ?? '', userId ?? ''],
    );
    return work(tx);
  });
}

/** Starts pg-boss (creating or migrating its schema) and one queue per kind, with the schedules. */
async function startQueues(boss: PgBoss, jobs: JobKind[], timekeeper: boolean) {
  await boss.start();
  for (const kind of jobs) {
    await boss.createQueue(deadLetterQueue(kind), { name: deadLetterQueue(kind) });
    await boss.createQueue(kind.name, {
      name: kind.name,
      retryLimit: kind.retry.limit,
      retryDelay: kind.retry.delaySeconds,
      retryBackoff: kind.retry.backoff,
      expireInSeconds: kind.expireInSeconds,
      deadLetter: deadLetterQueue(kind),
    });
    if (kind.schedule && timekeeper) {
      // Its runs carry no progress row of their own (nobody polls them): the id names none.
      const envelope: Envelope = {
        taskId: `scheduled-${kind.name}`,
        organisationId: null,
        userId: null,
        payload: kind.payload.parse({}),
      };
      await boss.schedule(kind.name, kind.schedule.cron, envelope, {
        tz: kind.schedule.tz ?? 'UTC',
      });
    }
  }
}

/**
 * Runs work while holding a PostgreSQL advisory lock (in a transaction on one pooled connection;
 * the work uses others): processes of a fleet starting together on a new database would otherwise
 * race to create pg-boss's schema (`duplicate key … pg_namespace`). PGlite has one connection and
 * one process: the work just runs.
 */
async function oneAtATime(db: Db, name: string, work: () => Promise<unknown>): Promise<void> {
  if (db.engine !== 'postgres') {
    await work();
    return;
  }
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
    await work();
  });
}

/**
 * Requests enqueue in their own transaction, which runs as the row-level-security role: it may
 * add jobs and read queue settings, nothing else of pg-boss's schema. Under an advisory lock,
 * since concurrent GRANTs on one object fail on PostgreSQL.
 */
async function grantEnqueue(db: Db, schema: string) {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('fieldwork.queue.grants'))`);
    await tx.query(`GRANT USAGE ON SCHEMA ${schema} TO fieldwork_app`);
    await tx.query(`GRANT SELECT ON ${schema}.queue TO fieldwork_app`);
    await tx.query(`GRANT INSERT, SELECT (id) ON ${schema}.job TO fieldwork_app`);
  });
}
