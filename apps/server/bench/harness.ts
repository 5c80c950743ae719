import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { machineLine, tookLine } from './measure';
import {
  benchDatabaseUrl,
  dropDatabase,
  prepareDatabase,
  registerOrganisation,
  startApi,
  stopApi,
  type BenchOrganisation,
} from './setup';

/**
 * What a bench asks of the harness: its database (dropped and recreated with the migrations), the
 * API's port and environment, and whether a worker process runs beside the API.
 */
export interface BenchOptions {
  /** The bench's own database on the server at BENCH_POSTGRES_URL. */
  database: string;
  /** The API's port. */
  port: number;
  /** Environment of the API process (and of the worker process, when there is one). */
  env?: Record<string, string>;
  /**
   * Run as a fleet runs (docs/deployment.md): the API with PROCESS_ROLE=api and a worker process
   * (PROCESS_ROLE=worker, as setup.ts starts one) on port + 10. BENCH_ONE_PROCESS=1 runs both in
   * one process, as `npm start`.
   */
  worker?: boolean;
  /** A line printed before the machine line ("Preparing …"). */
  heading?: string;
  /** What the machine line is of ("Fleet bench"): it then reads "Fleet bench: 2 cores …". */
  title?: string;
  /** Connections of `pool`, the bench's own pool on its database (2; opened on first use). */
  poolSize?: number;
}

/** What a bench gets: the processes started, its database and pool, and registration. */
export interface Bench {
  api: ChildProcess;
  /** The worker process; the API process itself when there is no worker of its own. */
  worker: ChildProcess;
  /** Whether the worker is a process of its own. */
  split: boolean;
  /** `http://127.0.0.1:<port>`: the API. */
  base: string;
  databaseUrl: string;
  /** A pool on the bench's database, ended before the processes stop. */
  pool: pg.Pool;
  /** A user and their organisation, registered through the API. */
  registerOrganisation: (name: string) => Promise<BenchOrganisation>;
  /** Starts another API process on the database, stopped with the others at the end. */
  startApi: (port: number, env?: Record<string, string>) => Promise<ChildProcess>;
  /** Work done at the end, after the processes stop and before the database is dropped. */
  defer: (cleanup: () => unknown) => void;
}

/**
 * Whether BENCH_KEEP asks to keep the bench's database at the end, to look at it: any value but
 * '', '0' and 'false' (BENCH_KEEP=1 and BENCH_KEEP=true both keep it).
 */
export const keepDatabase = () => !['', '0', 'false'].includes(process.env.BENCH_KEEP ?? '');

/**
 * Runs one bench: prints the machine line, prepares the database, starts the API (and its
 * worker), runs `work`, and prints how long it all took (the last line). Whatever happens, the
 * pool is ended, the processes are stopped, the deferred work is done and the database is dropped
 * (unless BENCH_KEEP); on an error, each error met is printed and the bench exits with 1.
 */
export async function runBench(options: BenchOptions, work: (bench: Bench) => Promise<void>) {
  const started = Date.now();
  if (options.heading) console.log(options.heading);
  console.log(options.title ? `${options.title}: ${machineLine()}` : machineLine());
  const databaseUrl = benchDatabaseUrl(options.database);
  const processes: ChildProcess[] = [];
  const deferred: Array<() => unknown> = [];
  const start = async (port: number, env: Record<string, string> = {}) => {
    const child = await startApi(databaseUrl, port, env);
    processes.push(child);
    return child;
  };
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 2 });
  const failures: unknown[] = [];
  /** A step of the bench or of its cleanup: an error is kept, and the cleanup goes on. */
  const attempt = async (step: () => unknown) => {
    try {
      await step();
    } catch (error: unknown) {
      failures.push(error);
    }
  };
  await attempt(async () => {
    await prepareDatabase(options.database);
    const env = options.env ?? {};
    const split = Boolean(options.worker) && !process.env.BENCH_ONE_PROCESS;
    const api = await start(options.port, split ? { ...env, PROCESS_ROLE: 'api' } : env);
    const worker = split ? await start(options.port + 10, { ...env, PROCESS_ROLE: 'worker' }) : api;
    await work({
      api,
      worker,
      split,
      base: `http://127.0.0.1:${options.port}`,
      databaseUrl,
      pool,
      registerOrganisation: (name) => registerOrganisation(options.port, name),
      startApi: start,
      defer: (cleanup) => deferred.push(cleanup),
    });
  });
  await attempt(() => pool.end());
  // the worker (started last) first: every process stops before the database is dropped
  for (const child of processes.reverse()) await attempt(() => stopApi(child));
  for (const cleanup of deferred.reverse()) await attempt(cleanup);
  if (!keepDatabase()) await attempt(() => dropDatabase(options.database));
  if (failures.length > 0) {
    for (const failure of failures) console.error(failure);
    process.exit(1);
  }
  console.log(tookLine(started));
}
