/**
 * npm run bench:speed — the request path's cost, measured as a ratio to a bare Fastify 5 + pg
 * server (bench/bare-server.ts, a worker thread of this process, pool of 10) serving the same SQL
 * from the same database (10,000 clients). Record fetch and list, c1 and c50, three rounds, the
 * API and the bare server interleaved within each round; the list's direct SQL timed interleaved
 * too; then the record fetch on the embedded PGlite database.
 */
import { rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { clientsResource } from '../src/modules/clients/clients.resource';
import { parseListQuery } from '../src/platform/list-query/parse';
import { listStatements, selectList } from '../src/platform/resource-kit/sql';
import type { BareServerData } from './bare-server';
import { get, interleaved, loadTest, row, withCpu, type Figures } from './measure';
import {
  benchDatabaseUrl,
  prepareDatabase,
  registerOrganisation,
  signIn,
  startApi,
  stopApi,
} from './setup';

const DATABASE = 'fieldwork_bench_speed';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const API_PORT = 3392;
const BARE_PORT = 3394;
const PGLITE_PORT = 3396;
const ROUNDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const C1_CALLS = Number(process.env.BENCH_C1_CALLS ?? 1500);
const ORG = 'Speed Org';
const LIST_SEARCH = 'filter[name]=Client 7&sort=-name&page[size]=50';
const databaseUrl = benchDatabaseUrl(DATABASE);

async function seedClients(pool: pg.Pool, organisationId: string, userId: string) {
  await pool.query(
    `INSERT INTO clients (id, organisation_id, owner_id, name, last_activity_at, created_at, updated_at)
     SELECT lpad(to_hex(1700000000 + i), 8, '0') || substr(md5($1 || i::text), 1, 16), $1, $2,
            'Client ' || (i % 40), now() - i * interval '1 minute', now() - i * interval '1 minute', now()
       FROM generate_series(1, $3) AS i`,
    [organisationId, userId, CLIENTS],
  );
  await pool.query('VACUUM ANALYZE');
}

async function startBare(data: BareServerData): Promise<Worker> {
  // A worker's entry is loaded before --import hooks apply on Node 20: register tsx, then import.
  const entry = new URL('./bare-server.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true, workerData: data },
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return worker;
}

interface Pair {
  bare: Figures;
  api: Figures;
}

const ratio = (pair: Pair) => pair.api.requestsPerSecond / pair.bare.requestsPerSecond;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** c50: autocannon against each server in turn, the order swapped every round. */
async function atFifty(
  round: number,
  urls: { bare: string; api: string },
  headers: Record<string, string>,
) {
  const order = round % 2 === 0 ? (['bare', 'api'] as const) : (['api', 'bare'] as const);
  const figures: Partial<Pair> = {};
  for (const key of order) {
    figures[key] = await loadTest(urls[key], key === 'api' ? headers : {}, 50, SECONDS);
  }
  return figures as Pair;
}

async function check(url: string, headers: Record<string, string>) {
  const answer = await get(url, headers);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
}

async function postgresRounds() {
  console.log(`Preparing ${DATABASE} with ${CLIENTS.toLocaleString()} clients…`);
  await prepareDatabase(DATABASE);
  const api = await startApi(databaseUrl, API_PORT, { LOG_LEVEL: 'info' });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  let bare: Worker | undefined;
  try {
    const organisation = await registerOrganisation(API_PORT, ORG);
    await seedClients(pool, organisation.id, organisation.userId);
    const { rows } = await pool.query<{ id: string }>(
      'SELECT id FROM clients WHERE organisation_id = $1 OFFSET 4321 LIMIT 1',
      [organisation.id],
    );
    const clientId = rows[0]!.id;
    const query = parseListQuery(new URLSearchParams(LIST_SEARCH));
    const page = query.page.all ? { number: 1, size: 50 } : query.page;
    const list = listStatements(
      clientsResource,
      query,
      { organisationId: organisation.id },
      page,
      'ids',
    );
    const one = {
      text: `SELECT ${selectList(clientsResource)} FROM clients t WHERE t.organisation_id = $1 AND t.id = ANY($2::text[])`,
      values: [organisation.id, [clientId]],
    };
    // What the API runs for this list: the page with its count, one statement.
    const listStatement = list.pageWithTotal!;
    bare = await startBare({ databaseUrl, port: BARE_PORT, one, list: listStatement });

    const path = `/organisations/${organisation.id}/clients`;
    const listPath = `${path}?${LIST_SEARCH.replace(/ /g, '%20')}`;
    const fetchUrls = {
      bare: `http://127.0.0.1:${BARE_PORT}${path}/${clientId}`,
      api: `http://127.0.0.1:${API_PORT}${path}/${clientId}`,
    };
    const listUrls = {
      bare: `http://127.0.0.1:${BARE_PORT}${listPath}`,
      api: `http://127.0.0.1:${API_PORT}${listPath}`,
    };
    const directList = async () => {
      await pool.query(listStatement);
    };

    const fetch1: Pair[] = [];
    const fetch50: Pair[] = [];
    const list1: Array<Pair & { direct: Figures }> = [];
    const list50: Pair[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A fresh access token each round: they live five minutes.
      const headers = { authorization: `Bearer ${await signIn(API_PORT, ORG)}` };
      await check(fetchUrls.api, headers);
      await check(listUrls.api, headers);
      fetch1.push(
        await interleaved(
          { bare: () => get(fetchUrls.bare, {}), api: () => get(fetchUrls.api, headers) },
          C1_CALLS,
        ),
      );
      fetch50.push(await atFifty(round, fetchUrls, headers));
      list1.push(
        await interleaved(
          {
            direct: directList,
            bare: () => get(listUrls.bare, {}),
            api: () => get(listUrls.api, headers),
          },
          Math.round(C1_CALLS / 3),
        ),
      );
      list50.push(await atFifty(round, listUrls, headers));
      console.log(`\nRound ${round + 1} of ${ROUNDS}`);
      printPair('GET /clients/{id}, c1', fetch1[round]!);
      printPair('GET /clients/{id}, c50', fetch50[round]!);
      console.log(row('  list, c1: direct SQL (page with count)', list1[round]!.direct));
      printPair('GET /clients?filter[name]=…&sort=-name, c1', list1[round]!);
      printPair('GET /clients?filter[name]=…&sort=-name, c50', list50[round]!);
    }

    const fetchAt1 = median(fetch1.map(ratio));
    const fetchAt50 = median(fetch50.map(ratio));
    const listOverhead = median(list1.map((r) => r.api.p50 - r.direct.p50));
    console.log('\nMedians over the rounds (API / bare, req/s):');
    console.log(
      `  record fetch c1  ${percent(fetchAt1)}  (target ≥ 60%) ${verdict(fetchAt1 >= 0.6)}`,
    );
    console.log(
      `  record fetch c50 ${percent(fetchAt50)}  (target ≥ 50%) ${verdict(fetchAt50 >= 0.5)}`,
    );
    console.log(`  list c1          ${percent(median(list1.map(ratio)))}`);
    console.log(`  list c50         ${percent(median(list50.map(ratio)))}`);
    console.log(
      `  list overhead over its direct SQL, c1 p50: ${listOverhead.toFixed(2)} ms (target < 1 ms) ${verdict(listOverhead < 1)}`,
    );
  } finally {
    bare?.postMessage('close');
    await pool.end();
    await stopApi(api);
  }
}

async function pgliteRounds() {
  const dataDir = `/tmp/fieldwork-bench-pglite-${process.pid}`;
  await rm(dataDir, { recursive: true, force: true });
  const api = await startApi('', PGLITE_PORT, {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  });
  try {
    const organisation = await registerOrganisation(PGLITE_PORT, ORG);
    const headers = {
      authorization: `Bearer ${organisation.token}`,
      'content-type': 'application/json',
    };
    const base = `http://127.0.0.1:${PGLITE_PORT}/organisations/${organisation.id}/clients`;
    let clientId = '';
    for (let i = 0; i < 200; i++) {
      const response = await fetch(base, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Client ${i % 40}` }),
      });
      clientId = ((await response.json()) as { data: { id: string } }).data.id;
    }
    console.log('\nEmbedded PGlite, GET /clients/{id} (200 clients):');
    for (let round = 0; round < ROUNDS; round++) {
      const auth = { authorization: `Bearer ${await signIn(PGLITE_PORT, ORG)}` };
      const url = `${base}/${clientId}`;
      await check(url, auth);
      // The interleaved runner's warm-up calls are counted in the CPU too.
      const c1 = await withCpu(
        api.pid,
        async () => (await interleaved({ api: () => get(url, auth) }, C1_CALLS)).api,
        C1_CALLS + 100,
      );
      console.log(row(`  round ${round + 1}, c1`, c1));
      const c50 = await withCpu(api.pid, () => loadTest(url, auth, 50, SECONDS));
      console.log(row(`  round ${round + 1}, c50 (autocannon)`, c50));
    }
  } finally {
    await stopApi(api);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printPair(label: string, pair: Pair) {
  console.log(label);
  console.log(row('  bare Fastify + pg', pair.bare));
  console.log(row('  API', pair.api));
  console.log(`  API / bare: ${percent(ratio(pair))}`);
}

const percent = (value: number) => `${(100 * value).toFixed(0).padStart(3)}%`;
const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');

// BENCH_ONLY=postgres or BENCH_ONLY=pglite runs one half.
const only = process.env.BENCH_ONLY;
if (only !== 'pglite') await postgresRounds();
if (only !== 'postgres') await pgliteRounds();
process.exit(0);
