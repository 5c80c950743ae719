import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The load average, as the benches print it: "0.52 0.61 0.70". */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The machine line a bench opens with. */
export const machineLine = () =>
  `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadAverage()}`;

/** The line a bench ends with. */
export const tookLine = (started: number) =>
  `Bench took ${((Date.now() - started) / 1000).toFixed(0)} s; load average at the end ${loadAverage()}`;

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** How many calls were made (autocannon's count; the others are given the number). */
  calls?: number;
}

/**
 * CPU time a process has used so far, user and system, in milliseconds (Linux's /proc; undefined
 * elsewhere). Unlike a throughput on a busy machine, the CPU a request costs the server hardly
 * moves with other load, so two builds can be compared while the machine does other work.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticksPerSecond = 100; // USER_HZ on Linux
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** Measures `work` with the CPU `pid` spent on it per call (`calls` or the figures' own count). */
export async function withCpu(
  pid: number | undefined,
  work: () => Promise<Figures>,
  calls?: number,
): Promise<Figures & { cpuMsPerCall?: number }> {
  const before = processCpuMs(pid);
  const figures = await work();
  const after = processCpuMs(pid);
  const count = calls ?? figures.calls;
  if (before === undefined || after === undefined || !count) return figures;
  return { ...figures, cpuMsPerCall: (after - before) / count };
}

/** The p-th percentile (0–100) of samples sorted ascending (0 when there are none). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The figures of timed calls (milliseconds, in any order) made in `seconds`. */
export function figuresOf(samples: number[], seconds: number): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    requestsPerSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/** Times one call of `work`, in milliseconds, onto `samples`. */
export async function timed(samples: number[], work: () => Promise<unknown>) {
  const t0 = process.hrtime.bigint();
  await work();
  samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
}

/** Runs `work` back to back on one connection and times each call with a microsecond clock. */
export async function sequential(
  work: () => Promise<unknown>,
  iterations: number,
  warmup = 200,
): Promise<Figures> {
  for (let i = 0; i < warmup; i++) await work();
  const samples: number[] = [];
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await timed(samples, work);
  return figuresOf(samples, Number(process.hrtime.bigint() - started) / 1e9);
}

/**
 * Runs several works in turn, one call of each per round, timing each call: on a machine shared
 * with other work, every work then meets the same background load, so their ratios hold.
 */
export async function interleaved<K extends string>(
  works: Record<K, () => Promise<unknown>>,
  rounds: number,
  warmup = 100,
): Promise<Record<K, Figures>> {
  const keys = Object.keys(works) as K[];
  for (let i = 0; i < warmup; i++) for (const key of keys) await works[key]();
  const samples = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<
    K,
    number[]
  >;
  for (let i = 0; i < rounds; i++) for (const key of keys) await timed(samples[key], works[key]);
  // each work's rate over the time its own calls took
  return Object.fromEntries(
    keys.map((key) => [
      key,
      figuresOf(samples[key], samples[key].reduce((sum, ms) => sum + ms, 0) / 1000),
    ]),
  ) as Record<K, Figures>;
}

/** Runs `work` from `concurrency` callers at once for `seconds`. */
export async function concurrent(
  work: () => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<Figures> {
  const samples: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) await timed(samples, work);
    }),
  );
  return figuresOf(samples, Number(process.hrtime.bigint() - started) / 1e9);
}

/**
 * autocannon against the API at many connections (its latencies have millisecond resolution).
 * `pathOf`, when given, gives each call its own path and query (its argument counts the calls);
 * `overallRate` paces all connections together to that many requests a second.
 */
export async function loadTest(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  { pathOf, overallRate }: { pathOf?: (call: number) => string; overallRate?: number } = {},
): Promise<Figures> {
  let call = 0;
  const requests: autocannon.Request[] | undefined = pathOf
    ? [{ setupRequest: (request) => ({ ...request, path: pathOf(call++) }) }]
    : undefined;
  const result = await autocannon({
    url,
    headers,
    connections,
    duration: seconds,
    requests,
    ...(overallRate ? { overallRate } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    calls: result.requests.total,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET over a kept-alive connection; resolves with the status and body size. */
export function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export const row = (label: string, figures: Figures & { cpuMsPerCall?: number }) =>
  `${label.padEnd(44)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${figures.p50.toFixed(2).padStart(7)} ms   p99 ${figures.p99.toFixed(2).padStart(7)} ms` +
  (figures.cpuMsPerCall === undefined
    ? ''
    : `   server CPU ${figures.cpuMsPerCall.toFixed(3)} ms/call`);

/** A process's resident memory in MB, from /proc (Linux). */
export const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

/** Samples a process's RSS every 50 ms until stopped; answers the peak. */
export function watchRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      /* exited */
    }
  }, 50);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/**
 * GET timings collected until stopped, in a thread of their own: the uploads this process sends
 * must not hold up the timer's event loop, or the figure would be the client's, not the API's.
 */
export function timeGets(url: string, headers: Record<string, string>) {
  const timer = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const samples = [];
     let running = true;
     parentPort.on('message', () => { running = false; });
     (async () => {
       while (running) {
         const started = performance.now();
         const answer = await fetch(workerData.url, { headers: workerData.headers });
         await answer.arrayBuffer();
         if (answer.status !== 200) throw new Error('GET answered ' + answer.status);
         samples.push(performance.now() - started);
       }
       parentPort.postMessage(samples);
     })();`,
    { eval: true, workerData: { url, headers } },
  );
  return async () => {
    const done = new Promise<number[]>((resolve) => timer.once('message', resolve));
    timer.postMessage('stop');
    const sorted = (await done).sort((a, b) => a - b);
    await timer.terminate();
    return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
}
