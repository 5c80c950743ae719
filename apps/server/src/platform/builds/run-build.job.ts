import { idSchema } from '@fieldwork/contract';
import type { Queryable } from '../db/queryable';
import { AppError } from '../errors';
import { sendMail } from '../mail/mailer';
import { callerContext, jobCallerSchema, newCallerHooks } from '../queue/caller-context';
import { defineJob, type JobRun } from '../queue/job';
import { BUILD_CONTENT_TYPES, buildKind } from './define-build';
import { expireBuildJob } from './expire-build.job';
import { buildFileUrl } from './files';
import { DEFAULT_BUILD_TTL_SECONDS } from './ttl';

const RETRY_LIMIT = 2;

interface BuildRow {
  id: string;
  organisation_id: string;
  kind: string;
  name: string;
  download_name: string;
  options: unknown;
  status: string;
  file_key: string;
  notify_emails: string[];
}

/** Progress is written at most this often (each write is a statement of its own). */
const PROGRESS_EVERY_MS = 500;

/**
 * Writes one build's file: as its requester (their visibility and role now), streamed from the
 * kind's writer to storage, with progress; then READY with the file's size and expiry (its
 * removal scheduled then), and the link e-mailed to whoever asked to be told. A failure is
 * retried; when the retries are spent (or it is refused: the requester lost access) the build is
 * FAILED with the reason. Safe to run twice: a build already READY or FAILED is left alone.
 */
export const runBuildJob = defineJob({
  name: 'run-build',
  payload: jobCallerSchema.extend({ buildId: idSchema }),
  retry: { limit: RETRY_LIMIT, delaySeconds: 20, backoff: true },
  expireInSeconds: 1800,
  async run(payload, job) {
    const build = await job.transaction((tx) => startRun(tx, payload.buildId, job.attempt));
    if (!build) return { skipped: true };
    const kind = buildKind(build.kind);
    if (!kind) throw new Error(`Unknown build kind ${build.kind}`);
    const { storage } = job.services;
    const reports = throttledProgress(job);
    try {
      const hooks = newCallerHooks();
      const size = await job.transaction(async (tx) => {
        const ctx = await callerContext(job, tx, payload, hooks);
        const options = kind.options.parse(build.options);
        const written = await storage.write(build.file_key, kind.write(ctx, options, reports.add), {
          contentType: BUILD_CONTENT_TYPES[kind.format],
        });
        return written.size;
      });
      await reports.settled();
      const ttlSeconds = kind.ttlSeconds ?? DEFAULT_BUILD_TTL_SECONDS;
      const afterCommit = await job.transaction((tx) =>
        finishRun(job, tx, build, size, ttlSeconds),
      );
      for (const task of afterCommit) await task().catch(() => undefined);
      return { status: 'READY', size };
    } catch (error) {
      await reports.settled();
      const refused = error instanceof AppError && error.status < 500;
      if (!refused && job.attempt <= RETRY_LIMIT) throw error;
      const reason = refused
        ? error.message
        : 'The file could not be built. Try again; if it fails again, tell support.';
      job.log.warn({ err: error, buildId: build.id }, 'build failed');
      await storage.remove(build.file_key).catch(() => undefined);
      await job.transaction((tx) =>
        tx.query(
          `UPDATE builds SET status = 'FAILED', failed_at = now(), exception = $2, updated_at = now()
            WHERE id = $1`,
          [build.id, reason],
        ),
      );
      if (refused) throw error;
      return { status: 'FAILED', error: reason };
    }
  },
});

async function startRun(tx: Queryable, buildId: string, attempt: number) {
  const { rows } = await tx.query<BuildRow>(
    `UPDATE builds SET status = 'RUNNING', started_at = coalesce(started_at, now()),
            retries = $2, updated_at = now()
      WHERE id = $1 AND status IN ('QUEUED', 'RUNNING')
      RETURNING id, organisation_id, kind, name, download_name, options, status, file_key,
                notify_emails`,
    [buildId, attempt - 1],
  );
  return rows[0] ?? null;
}

async function finishRun(
  job: JobRun,
  tx: Queryable,
  build: BuildRow,
  size: number,
  ttlSeconds: number,
) {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await tx.query(
    `UPDATE builds SET status = 'READY', completed_at = now(), expires_at = $2, file_size = $3,
            content_type = $4, exception = NULL, updated_at = now()
      WHERE id = $1`,
    [build.id, expiresAt, size, BUILD_CONTENT_TYPES[buildFormatOf(build.file_key)]],
  );
  const afterCommit: Array<() => Promise<void>> = [];
  const scope = {
    db: tx,
    afterCommit: (task: () => Promise<void>) => afterCommit.push(task),
    organisationId: build.organisation_id,
    ...(job.userId ? { user: { id: job.userId } } : {}),
  };
  await job.services.queue.enqueue(
    scope,
    expireBuildJob,
    { buildId: build.id },
    {
      startAfter: expiresAt,
    },
  );
  if (build.notify_emails.length) {
    const url = buildFileUrl(job, build.file_key);
    for (const to of build.notify_emails) {
      await sendMail(
        { ...scope, services: job.services },
        {
          to,
          subject: `${build.name} is ready`,
          text: `${build.name} is ready to download until ${expiresAt.toUTCString()}:\n\n${url}\n`,
        },
      );
    }
  }
  return afterCommit;
}

const buildFormatOf = (key: string) =>
  key.slice(key.lastIndexOf('.') + 1) as keyof typeof BUILD_CONTENT_TYPES;

/**
 * The writer's progress, written at most every PROGRESS_EVERY_MS without waiting for it: the
 * writer runs inside its transaction, and on the embedded database (one connection) a write from
 * outside it waits until it ends.
 */
function throttledProgress(job: JobRun) {
  const pending: Array<Promise<void>> = [];
  let last = 0;
  const add = (done: number, total: number | null = null, message?: string) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    pending.push(job.progress(done, total, message ?? null).catch(() => undefined));
  };
  return { add, settled: () => Promise.all(pending).then(() => undefined) };
}
