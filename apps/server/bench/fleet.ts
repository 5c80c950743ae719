/**
 * npm run bench:fleet (issue 28, item 5): the record fetch (GET one client) through the
 * round-robin proxy to one API process, then to two (PROCESS_ROLE=api), on one PostgreSQL
 * database. Prints req/s and latency, and the CPU each request cost the API processes, the proxy
 * and PostgreSQL's backends (from /proc/<pid>/stat; the backends' pids from pg_stat_activity).
 * The runs alternate (one, two, one, two…) so each meets the same background load. Each is
 * run saturated (as many requests as the connections can send) and paced (a fixed rate in all).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runBench } from './harness';
import { loadTest, processCpuMs, type Figures } from './measure';
import { call } from './setup';

const DATABASE = 'fieldwork_bench_fleet';
const PORTS = [3430, 3432];
const API_ENV = { PROCESS_ROLE: 'api', DATABASE_POOL_SIZE: '10' };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/**
 * The paced runs' requests a second, all connections together: about a third of what one process
 * answers here, so neither the processes nor the two cores are saturated and the CPU a request
 * costs is not inflated by five busy processes taking turns on two cores.
 */
const PACED_RATE = Number(process.env.BENCH_FLEET_RATE ?? 500);
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

async function startProxyProcess(
  backends: string[],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/fleet-proxy.ts', ...backends], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve) => lines.once('line', resolve));
  return { child, url };
}

/** The CPU milliseconds used so far by each of pids (undefined ones count 0). */
const cpuOf = (pids: number[]) => pids.map((pid) => processCpuMs(pid) ?? 0);

interface Run extends Figures {
  apiMsPerCall: number[];
  proxyMsPerCall: number;
  postgresMsPerCall: number;
}

await runBench(
  {
    database: DATABASE,
    port: PORTS[0]!,
    env: API_ENV,
    title: 'Fleet bench',
  },
  async ({ api, databaseUrl, registerOrganisation, startApi, defer }) => {
    const apis = [api, await startApi(PORTS[1]!, API_ENV)];
    const addresses = PORTS.map((port) => `http://127.0.0.1:${port}`);
    const startProxy = async (backends: string[]) => {
      const proxy = await startProxyProcess(backends);
      defer(() => proxy.child.kill('SIGTERM'));
      return proxy;
    };
    const proxies = {
      one: await startProxy(addresses.slice(0, 1)),
      two: await startProxy(addresses),
    };
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    defer(() => admin.end());
    const org = await registerOrganisation('Fleet Bench');
    const { data: client } = await call<{ data: { id: string } }>(
      'POST',
      `${addresses[0]}/organisations/${org.id}/clients`,
      org.token,
      { name: 'Fleet bench client' },
    );
    const path = `/organisations/${org.id}/clients/${client.id}`;
    const headers = { authorization: `Bearer ${org.token}` };

    const backendPids = async () => {
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [DATABASE],
      );
      return rows.map((row) => row.pid);
    };
    type Setup = 'one' | 'two' | 'one-half' | 'one-paced' | 'two-paced' | 'one-paced-half';
    const measure = async (name: Setup): Promise<Run> => {
      const proxy = proxies[name.startsWith('two') ? 'two' : 'one'];
      // one-paced-half: one process at half the rate, what each of two processes answers paced.
      const paced = name.endsWith('paced')
        ? { overallRate: PACED_RATE }
        : name === 'one-paced-half'
          ? { overallRate: PACED_RATE / 2 }
          : {};
      // one-half: one process at half the connections, i.e. the load each of two processes
      // meets, to tell the cost of a second process from that of a lighter load per process.
      const connections = name === 'one-half' ? CONNECTIONS / 2 : CONNECTIONS;
      // Warm-up: every pooled connection opened and every cache filled before the clock starts.
      await loadTest(proxy.url + path, headers, connections, 1);
      const pids = await backendPids();
      const apiPids = apis.map((child) => child.pid!);
      const before = {
        api: cpuOf(apiPids),
        proxy: processCpuMs(proxy.child.pid) ?? 0,
        postgres: cpuOf(pids),
      };
      const figures = await loadTest(proxy.url + path, headers, connections, SECONDS, paced);
      const calls = figures.calls!;
      const after = { api: cpuOf(apiPids), postgres: cpuOf(pids) };
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      return {
        ...figures,
        apiMsPerCall: after.api.map((ms, index) => (ms - before.api[index]!) / calls),
        proxyMsPerCall: ((processCpuMs(proxy.child.pid) ?? 0) - before.proxy) / calls,
        postgresMsPerCall: (sum(after.postgres) - sum(before.postgres)) / calls,
      };
    };

    // What each API process spends with no request at all (timers, the change feed, heartbeats):
    // a paced run at a low rate carries this per second, spread over its requests.
    const idleSeconds = 3;
    const idleBefore = cpuOf(apis.map((child) => child.pid!));
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const idleMsPerSecond = cpuOf(apis.map((child) => child.pid!)).map(
      (ms, index) => (ms - idleBefore[index]!) / idleSeconds,
    );
    const setups: Setup[] = ['one', 'two', 'one-half', 'one-paced', 'two-paced', 'one-paced-half'];
    const runs = Object.fromEntries(setups.map((name) => [name, [] as Run[]])) as Record<
      Setup,
      Run[]
    >;
    for (let round = 0; round < ROUNDS; round++)
      for (const name of setups) runs[name].push(await measure(name));
    const mean = (list: number[]) => list.reduce((total, value) => total + value, 0) / list.length;
    console.log(
      `\nGET one client through the proxy, ${CONNECTIONS} connections, ${SECONDS} s x ${ROUNDS} rounds each\n`,
    );
    console.log(
      `${'API processes'.padEnd(16)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
        `${'API CPU ms/req (each)'.padStart(26)}${'API total'.padStart(11)}${'proxy'.padStart(8)}${'PostgreSQL'.padStart(12)}`,
    );
    const labels: Record<Setup, string> = {
      one: 'one',
      two: 'two',
      'one-half': `one, ${CONNECTIONS / 2} conn.`,
      'one-paced': `one, ${PACED_RATE}/s`,
      'two-paced': `two, ${PACED_RATE}/s`,
      'one-paced-half': `one, ${PACED_RATE / 2}/s`,
    };
    for (const name of setups) {
      const list = runs[name];
      const perApi = PORTS.map((_, index) => mean(list.map((run) => run.apiMsPerCall[index]!)));
      const used = name.startsWith('two') ? perApi : perApi.slice(0, 1);
      console.log(
        `${labels[name].padEnd(16)}${mean(list.map((run) => run.requestsPerSecond))
          .toFixed(0)
          .padStart(8)}${mean(list.map((run) => run.p50))
          .toFixed(1)
          .padStart(9)}${mean(list.map((run) => run.p99))
          .toFixed(1)
          .padStart(9)}${used
          .map((ms) => ms.toFixed(3))
          .join(' + ')
          .padStart(26)}${mean(list.map((run) => run.apiMsPerCall.reduce((a, b) => a + b, 0)))
          .toFixed(3)
          .padStart(11)}${mean(list.map((run) => run.proxyMsPerCall))
          .toFixed(3)
          .padStart(8)}${mean(list.map((run) => run.postgresMsPerCall))
          .toFixed(3)
          .padStart(12)}`,
      );
    }
    console.log(
      `\nIdle, no requests: ${idleMsPerSecond.map((ms) => ms.toFixed(1)).join(' + ')} ms of CPU a second per API process`,
    );
    console.log(
      `CPU per request of one API process must not grow with the second: compare "API total", saturated (one, two) and paced at ${PACED_RATE} requests a second in all (one and two, paced).`,
    );
  },
);
