/**
 * npm run bench: two organisations with 100,000 clients each in a PostgreSQL server; the API (a
 * separate process) against the same SQL run directly through pg, at 1 and 32 connections; the
 * plans of the list queries; the API's memory while a page=all list of 100,000 clients streams.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { clientsResource } from '../src/modules/clients/clients.resource';
import { parseListQuery } from '../src/platform/list-query/parse';
import { listStatements, selectList, type SearchMatch } from '../src/platform/resource-kit/sql';
import { runBench } from './harness';
import { concurrent, get, interleaved, loadTest, row, type Figures } from './measure';
import { registerOrganisation } from './setup';

const DATABASE = 'fieldwork_bench';
const CLIENTS_PER_ORG = Number(process.env.BENCH_CLIENTS ?? 100_000);
const PORT = 3390;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/** Clients named "Client 0" … "Client 39": a name filter matches 2,500 rows, so page 50 of 50 is full. */
async function seedOrganisation(pool: pg.Pool, name: string) {
  const { id, userId, token } = await registerOrganisation(PORT, name);
  await pool.query(
    `INSERT INTO clients (id, organisation_id, owner_id, name, last_activity_at, created_at, updated_at)
     SELECT lpad(to_hex(1700000000 + i), 8, '0') || substr(md5($1 || i::text), 1, 16), $1, $2, 'Client ' || (i % 40),
            now() - i * interval '1 minute', now() - i * interval '1 minute', now()
       FROM generate_series(1, $3) AS i`,
    [id, userId, CLIENTS_PER_ORG],
  );
  // Projects for about one client in five (ids ending 0-2), so project_count counts real rows.
  await pool.query(
    `INSERT INTO projects (id, organisation_id, client_id, name)
     SELECT substr(md5('p' || c.id), 1, 24), c.organisation_id, c.id, 'Project for ' || c.name
       FROM clients c WHERE c.organisation_id = $1 AND right(c.id, 1) IN ('0', '1', '2')`,
    [id],
  );
  return { id, token };
}

/** The very statements the API runs for a list, to run directly through pg. */
function directQueries(organisationId: string, search: string, match: SearchMatch = 'ids') {
  const query = parseListQuery(new URLSearchParams(search));
  return listStatements(
    clientsResource,
    query,
    { organisationId },
    query.page.all ? { number: 1, size: 50 } : query.page,
    match,
  );
}

/** The mean of several slices' figures. */
function mean(slices: Figures[]): Figures {
  const average = (pick: (f: Figures) => number) =>
    slices.reduce((sum, f) => sum + pick(f), 0) / slices.length;
  return {
    requestsPerSecond: average((f) => f.requestsPerSecond),
    p50: average((f) => f.p50),
    p99: average((f) => f.p99),
  };
}

async function rssKb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

await runBench(
  {
    database: DATABASE,
    port: PORT,
    heading: `Preparing ${DATABASE} with 2 × ${CLIENTS_PER_ORG.toLocaleString()} clients…`,
    poolSize: 32,
  },
  async ({ api, pool }) => {
    const a = await seedOrganisation(pool, 'Bench Org A');
    await seedOrganisation(pool, 'Bench Org B');
    await pool.query('VACUUM ANALYZE');
    const headers = { authorization: `Bearer ${a.token}` };
    const base = `http://127.0.0.1:${PORT}/organisations/${a.id}`;
    const listSearch = 'filter[name]=Client 7&sort=-name&page[number]=50&page[size]=50';
    const listUrl = `${base}/clients?${listSearch.replace(/ /g, '%20')}`;
    const { rows: sample } = await pool.query<{ id: string }>(
      `SELECT id FROM clients WHERE organisation_id = $1 OFFSET $2 LIMIT 1`,
      [a.id, Math.min(54321, CLIENTS_PER_ORG - 1)],
    );
    const getUrl = `${base}/clients/${sample[0]!.id}`;
    const list = directQueries(a.id, listSearch);
    const one = {
      text: `SELECT ${selectList(clientsResource)} FROM clients t WHERE t.organisation_id = $1 AND t.id = ANY($2::text[])`,
      values: [a.id, [sample[0]!.id]],
    };

    const check = await get(listUrl, headers);
    if (check.status !== 200) throw new Error(`list answered ${check.status}`);
    const listed = JSON.parse(await (await fetch(listUrl, { headers })).text()) as {
      data: unknown[];
      meta: unknown;
    };
    console.log(`List answers ${listed.data.length} rows, meta ${JSON.stringify(listed.meta)}\n`);

    // No search and no sums: the API runs the page with its count, one statement.
    const directList = async () => {
      await pool.query(list.pageWithTotal!);
    };
    const directGet = () => pool.query(one);
    const apiList = () => get(listUrl, headers);
    const apiGet = () => get(getUrl, headers);

    // Direct SQL and API timed interleaved (one call of each in turn at 1 connection; slices of
    // SECONDS / 2 in alternating order at 32), so both meet the same background load.
    const list1 = await interleaved({ direct: directList, api: apiList }, 2000);
    const get1 = await interleaved({ direct: directGet, api: apiGet }, 4000);
    const at32 = async (direct: () => Promise<unknown>, url: string) => {
      const slices: { direct: Figures[]; api: Figures[] } = { direct: [], api: [] };
      for (let round = 0; round < 2; round++) {
        const order = round === 0 ? (['direct', 'api'] as const) : (['api', 'direct'] as const);
        for (const key of order) {
          slices[key].push(
            key === 'direct'
              ? await concurrent(direct, 32, SECONDS / 2)
              : await loadTest(url, headers, 32, SECONDS / 2),
          );
        }
      }
      return { direct: mean(slices.direct), api: mean(slices.api) };
    };
    const list32 = await at32(directList, listUrl);
    const get32 = await at32(directGet, getUrl);
    const results = {
      listDirect1: list1.direct,
      listApi1: list1.api,
      getDirect1: get1.direct,
      getApi1: get1.api,
      listDirect32: list32.direct,
      listApi32: list32.api,
      getDirect32: get32.direct,
      getApi32: get32.api,
    };
    console.log('GET /clients?filter[name]=…&sort=-name&page[number]=50&page[size]=50');
    console.log(row('  direct pg (count + page), 1 connection', results.listDirect1));
    console.log(row('  API, 1 connection', results.listApi1));
    console.log(row('  direct pg (count + page), 32 connections', results.listDirect32));
    console.log(row('  API, 32 connections (autocannon)', results.listApi32));
    console.log('GET /clients/{id}');
    console.log(row('  direct pg, 1 connection', results.getDirect1));
    console.log(row('  API, 1 connection', results.getApi1));
    console.log(row('  direct pg, 32 connections', results.getDirect32));
    console.log(row('  API, 32 connections (autocannon)', results.getApi32));
    const addedList = results.listApi1.p50 - results.listDirect1.p50;
    const addedGet = results.getApi1.p50 - results.getDirect1.p50;
    console.log(
      `\nAPI adds at 1 connection, p50: list ${addedList.toFixed(2)} ms, get ${addedGet.toFixed(2)} ms (target < 2 ms): ${addedList < 2 && addedGet < 2 ? 'MET' : 'NOT MET'}`,
    );

    console.log('\nPlans (EXPLAIN ANALYZE):');
    let sequentialScans = 0;
    for (const [label, statement] of [
      ['list count', list.count],
      ['list page', list.page],
      ['get by id', one],
      [
        'unfiltered sort=-name page 50',
        directQueries(a.id, 'sort=-name&page[number]=50&page[size]=50').page,
      ],
      // "nt 3" matches a quarter of the clients: the API counts through search_ids and, with
      // more than 1,000 matches, reads the page in list order.
      ['search filter count', directQueries(a.id, 'filter[search]=nt 3&page[size]=50').count],
      ['search filter page', directQueries(a.id, 'filter[search]=nt 3&page[size]=50', 'scan').page],
    ] as const) {
      // The request's organisation in scope, as a request has it (filter[search] reads it).
      const client = await pool.connect();
      await client.query(`SELECT set_config('app.organisation_id', $1, false)`, [a.id]);
      const { rows } = await client
        .query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`,
          statement.values,
        )
        .finally(() => client.release(true));
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      if (/Seq Scan on clients/.test(plan)) sequentialScans++;
      console.log(`-- ${label}\n${plan}\n`);
    }
    console.log(`Sequential scans on clients in list plans: ${sequentialScans}`);

    // The first of three page=all answers is the figure (as in earlier passes); the other two
    // say how much it varies and whether the API's memory keeps growing from one to the next.
    const allUrl = `${base}/clients?page=all`;
    for (let run = 1; run <= 3; run++) {
      const before = await rssKb(api.pid!);
      let peak = before;
      const sampler = setInterval(
        () => void rssKb(api.pid!).then((kb) => (peak = Math.max(peak, kb))),
        20,
      );
      const started = Date.now();
      const streamed = await get(allUrl, headers);
      clearInterval(sampler);
      const label =
        run === 1
          ? `\npage=all of ${CLIENTS_PER_ORG.toLocaleString()} clients`
          : `  again (${run})`;
      console.log(
        `${label}: ${(streamed.bytes / 1e6).toFixed(1)} MB in ${Date.now() - started} ms; API RSS ${(before / 1024).toFixed(0)} MB before, peak ${(peak / 1024).toFixed(0)} MB (+${((peak - before) / 1024).toFixed(0)} MB)`,
      );
    }
  },
);
