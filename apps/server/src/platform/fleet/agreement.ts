import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../db/engine';
import type { Queryable } from '../db/queryable';
import { newId } from '../ids';
import { parseS3Url } from '../storage/s3';

/** How often a running process says it is still there; after three silent beats it is gone. */
export const FLEET_HEARTBEAT_SECONDS = 10;
const STALE_AFTER_SECONDS = FLEET_HEARTBEAT_SECONDS * 3;
// Shared by every process: two starting together compare and register one after the other.
const FLEET_LOCK = 727_302;

/** What must be the same in every process on one database, as a process shows it to the others. */
export interface FleetIdentity {
  /** A hash of APP_SECRET (tokens and download links signed by one process are checked by all). */
  secretFingerprint: string;
  /** Where files are stored, without credentials: one process's upload is read by another. */
  storage: string;
}

export function fleetIdentity(config: Pick<Config, 'appSecret' | 'storageUrl' | 'dataDir'>) {
  const secretFingerprint = createHash('sha256')
    .update(`fieldwork-fleet-v1\0${config.appSecret}`)
    .digest('hex')
    .slice(0, 16);
  let storage: string;
  if (config.storageUrl) {
    const s3 = parseS3Url(config.storageUrl);
    storage = `S3 bucket ${s3.bucket} at ${s3.endpoint ?? 'AWS'} (${s3.region}), prefix "${s3.prefix}"`;
  } else {
    storage = `the local folder ${join(config.dataDir, 'files')}`;
  }
  return { secretFingerprint, storage } satisfies FleetIdentity;
}

/** A process that would disagree with the running ones: its message says what and how to fix. */
export class FleetDisagreement extends Error {
  override name = 'FleetDisagreement';
}

interface Row {
  role: string;
  host: string;
  pid: number;
  secret_fingerprint: string;
  storage: string;
  seen_at: Date;
}

export interface FleetMembership {
  /** This process's row's id. */
  id: string;
  /** Says goodbye (the row goes); a process that dies without it is forgotten once stale. */
  leave(): Promise<void>;
}

/**
 * Registers this process among those running on the database with its work queue (QUEUE_SCHEMA:
 * the processes sharing one queue are one fleet), after checking that it agrees
 * with every live one on APP_SECRET and storage; throws FleetDisagreement otherwise. Only on
 * PostgreSQL: one process owns a PGlite folder, there is nobody to disagree with.
 */
export async function joinFleet(
  db: Db,
  config: Pick<Config, 'appSecret' | 'storageUrl' | 'dataDir' | 'role' | 'queueSchema'>,
): Promise<FleetMembership> {
  const id = newId();
  const me = fleetIdentity(config);
  const register = (query: Queryable) =>
    query.query(
      `INSERT INTO fleet_processes (id, queue_schema, role, host, pid, secret_fingerprint, storage)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
      [
        id,
        config.queueSchema,
        config.role,
        hostname(),
        process.pid,
        me.secretFingerprint,
        me.storage,
      ],
    );
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [FLEET_LOCK]);
    await tx.query(`DELETE FROM fleet_processes WHERE seen_at < now() - $1::interval`, [
      `${STALE_AFTER_SECONDS} seconds`,
    ]);
    const { rows } = await tx.query<Row>(
      `SELECT role, host, pid, secret_fingerprint, storage, seen_at FROM fleet_processes
        WHERE queue_schema = $1 ORDER BY started_at`,
      [config.queueSchema],
    );
    const problem = disagreement(me, rows);
    if (problem) throw new FleetDisagreement(problem);
    await register(tx);
  });
  const beat = setInterval(() => {
    register(db).catch(() => undefined); // a missed beat is retried by the next
  }, FLEET_HEARTBEAT_SECONDS * 1000);
  beat.unref();
  return {
    id,
    async leave() {
      clearInterval(beat);
      await db.query('DELETE FROM fleet_processes WHERE id = $1', [id]);
    },
  };
}

/** What this process disagrees on with the running ones, in words, or null. */
export function disagreement(me: FleetIdentity, running: Row[]): string | null {
  const describe = (rows: Row[]) =>
    rows
      .slice(0, 3)
      .map((row) => `${row.role} process ${row.pid} on ${row.host}`)
      .join(', ') + (rows.length > 3 ? ` and ${rows.length - 3} more` : '');
  const lastSeen = (rows: Row[]) =>
    new Date(
      Math.max(...rows.map((row) => new Date(row.seen_at).getTime())) + STALE_AFTER_SECONDS * 1000,
    ).toISOString();
  const otherSecret = running.filter((row) => row.secret_fingerprint !== me.secretFingerprint);
  if (otherSecret.length) {
    return (
      `Refusing to start: APP_SECRET differs from the one the running ${describe(otherSecret)} ` +
      `use(s) on this database. Every API and worker process must have the same APP_SECRET ` +
      `(or none, to share the one generated in the database): tokens and download links signed ` +
      `by one are checked by the others. To change it, stop every process first (a process ` +
      `stopped without saying goodbye is forgotten after ${STALE_AFTER_SECONDS} s, here by ` +
      `${lastSeen(otherSecret)}).`
    );
  }
  const otherStorage = running.filter((row) => row.storage !== me.storage);
  if (otherStorage.length) {
    return (
      `Refusing to start: files would be stored in ${me.storage}, but the running ` +
      `${describe(otherStorage)} store(s) them in ${otherStorage[0]!.storage}. Every API and ` +
      `worker process must have the same STORAGE_URL (a file uploaded through one is processed ` +
      `and served by another). To move storage, stop every process first (a process stopped ` +
      `without saying goodbye is forgotten after ${STALE_AFTER_SECONDS} s, here by ` +
      `${lastSeen(otherStorage)}).`
    );
  }
  return null;
}
