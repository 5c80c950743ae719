/**
 * npm run bench:projects (part of npm run bench): one organisation with 20,000 projects over 200
 * clients and 1,000,000 attribute values in a PostgreSQL server. Measures the project list with
 * expand[]=client through the API (a separate process) against direct SQL that returns the same
 * rows (target: within 2x), and GET /search at 8 connections (target: p99 < 50 ms), with plans.
 */
import pg from 'pg';
import { clientsResource } from '../src/modules/clients/clients.resource';
import { projectsResource } from '../src/modules/projects/projects.resource';
import {
  searchPatterns,
  searchStatement,
  SUBSTRING_MIN_LENGTH,
} from '../src/modules/projects/search-sql';
import { parseListQuery } from '../src/platform/list-query/parse';
import { listStatements, selectList } from '../src/platform/resource-kit/sql';
import { runBench } from './harness';
import { concurrent, get, interleaved, loadTest, row, type Figures } from './measure';
import { asRequestRole, explain, type Queryable } from './request-role';
import { clientId, projectId, seedProjects } from './projects-seed';
import { refreshAccessToken } from './setup';

const DATABASE = 'fieldwork_bench_projects';
const PORT = 3392;
const COUNTS = {
  clients: 200,
  projects: Number(process.env.BENCH_PROJECTS ?? 20_000),
  attributeValues: Number(process.env.BENCH_ATTRIBUTE_VALUES ?? 1_000_000),
};
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 1000);
const SEARCH_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 10);
const SEARCH_CONNECTIONS = 8;
const PAGE_SIZE = 25;

/** The list cases of the issue: a client filter, no filter, and a text search. */
const LIST_CASES = [
  { label: 'filter[client_id]', filter: 'filter[client_id]', value: 'CLIENT' },
  { label: 'no filter', filter: null, value: null },
  { label: 'filter[search]=tower', filter: 'filter[search]', value: 'tower' },
] as const;

/** Search terms: every project, a common word, two characters, one character, rare, references. */
const SEARCH_TERMS = ['phase', 'tower', 'an', 'r', 'kingsway wh', 'PRJ-01234', 'qzx'];

/**
 * Hand-written SQL returning the rows the API answers: the projects' columns with the client's
 * record joined, in the same order, one page (no count).
 */
function directList(organisationId: string, condition: string | null, value: string | null) {
  const values: unknown[] = [organisationId];
  let where = 't.organisation_id = $1 AND t.deleted_at IS NULL';
  if (condition === 'filter[client_id]') where += ` AND t.client_id = $${values.push(value)}`;
  if (condition === 'filter[search]') {
    const pattern = `$${values.push(`%${value}%`)}`;
    where += ` AND (t.name ILIKE ${pattern} OR t.reference ILIKE ${pattern})`;
  }
  return {
    text: `SELECT page.*,
             (SELECT row_to_json(c) FROM (SELECT ${selectList(clientsResource)} FROM clients t
               WHERE t.organisation_id = page.__organisation_id AND t.id = page.client_id) c) AS client
        FROM (SELECT ${selectList(projectsResource)}, t.organisation_id AS __organisation_id
                FROM projects t WHERE ${where}
               ORDER BY lower(t.name), t.id LIMIT ${PAGE_SIZE}) page
       ORDER BY lower(page.name), page.id`,
    values,
  };
}

/** The statements the API itself runs for the list: count, page, then the clients expanded. */
function kitStatements(organisationId: string, search: string) {
  const query = parseListQuery(new URLSearchParams(search));
  return listStatements(
    projectsResource,
    query,
    { organisationId },
    { number: 1, size: PAGE_SIZE },
  );
}

async function runKitStatements(db: Queryable, organisationId: string, search: string) {
  const { count, page } = kitStatements(organisationId, search);
  await db.query(count);
  const { rows } = await db.query<{ client_id: string | null }>(page);
  const ids = [...new Set(rows.map((r) => r.client_id).filter(Boolean))];
  await db.query(
    `SELECT ${selectList(clientsResource)} FROM clients t WHERE t.organisation_id = $1 AND t.id = ANY($2::text[])`,
    [organisationId, ids],
  );
}

/** The statement a search function EXECUTEs for members (its last $q$-quoted one), to show its plan. */
async function functionStatement(db: Queryable, name: string, values: unknown[]) {
  const { rows } = await db.query<{ prosrc: string }>(
    'SELECT prosrc FROM pg_proc WHERE proname = $1',
    [name],
  );
  const quoted = [...(rows[0]?.prosrc ?? '').matchAll(/\$q\$([\s\S]*?)\$q\$/g)];
  const text = quoted[quoted.length - 1]?.[1];
  if (!text) throw new Error(`no statement in ${name}`);
  return { text, values };
}

const ratio = (api: Figures, direct: Figures) =>
  `p50 ${(api.p50 / direct.p50).toFixed(2)}x, p99 ${(api.p99 / direct.p99).toFixed(2)}x`;

await runBench(
  {
    database: DATABASE,
    port: PORT,
    heading: `Preparing ${DATABASE}: ${COUNTS.projects.toLocaleString()} projects, ${COUNTS.attributeValues.toLocaleString()} attribute values…`,
    poolSize: SEARCH_CONNECTIONS,
  },
  async ({ base: apiBase, databaseUrl, pool, registerOrganisation, defer }) => {
    const plans: string[] = [];
    const org = await registerOrganisation('Bench Projects Org');
    await seedProjects(pool, org, COUNTS);
    // Direct search calls: sessions scoped to the organisation the way a request's transaction is.
    const scoped = new pg.Pool({
      connectionString: databaseUrl,
      max: SEARCH_CONNECTIONS,
      options: `-c app.organisation_id=${org.id}`,
    });
    defer(() => scoped.end());
    const base = `${apiBase}/organisations/${org.id}`;
    const headers = async () => ({
      authorization: `Bearer ${await refreshAccessToken(PORT, org.refreshToken)}`,
    });
    const { rows: chosen } = await pool.query<{ id: string; name: string }>(
      `SELECT id, name FROM clients WHERE id = ${clientId(7)}`,
    );
    const client = chosen[0]!;

    console.log(
      `\nGET /projects?expand[]=client&… page 1 of ${PAGE_SIZE}, 1 connection, the three interleaved`,
    );
    let listsMet = true;
    for (const listCase of LIST_CASES) {
      const value = listCase.value === 'CLIENT' ? client.id : listCase.value;
      const search = `expand[]=client${listCase.filter ? `&${listCase.filter}=${value}` : ''}`;
      const url = `${base}/projects?${search}`;
      const auth = await headers();
      const answer = JSON.parse(await (await fetch(url, { headers: auth })).text()) as {
        data: Array<{ id: string; client: { id: string } | null }>;
        meta: { total: number };
      };
      const direct = directList(org.id, listCase.filter, value);
      const { rows: directRows } = await pool.query<{ id: string }>(direct);
      const same = answer.data.map((r) => r.id).join() === directRows.map((r) => r.id).join();
      if (!same) throw new Error(`${listCase.label}: the API and the direct SQL differ`);
      const kit = kitStatements(org.id, search);
      // One call of each per round, so all three meet the same background load.
      const figures = await interleaved(
        {
          direct: () => pool.query(direct),
          kit: () => asRequestRole(pool, org.id, (db) => runKitStatements(db, org.id, search)),
          api: () => get(url, auth),
        },
        ITERATIONS,
      );
      const met = figures.api.p50 <= 2 * figures.direct.p50;
      listsMet &&= met;
      console.log(
        `${listCase.label} (${answer.meta.total.toLocaleString()} matches, ${answer.data.length} rows)`,
      );
      console.log(row('  direct SQL (page with client joined)', figures.direct));
      console.log(row('  API statements as fieldwork_app (tx+3)', figures.kit));
      console.log(row('  API', figures.api));
      console.log(
        `  API / direct SQL: ${ratio(figures.api, figures.direct)} (target ≤ 2x): ${met ? 'MET' : 'NOT MET'}`,
      );
      plans.push(
        `-- list ${listCase.label}: direct SQL\n${await explain(pool, direct)}`,
        `-- list ${listCase.label}: API count, as fieldwork_app\n${await asRequestRole(pool, org.id, (db) => explain(db, kit.count))}`,
        `-- list ${listCase.label}: API page, as fieldwork_app\n${await asRequestRole(pool, org.id, (db) => explain(db, kit.page))}`,
      );
    }

    console.log(
      `\nGET /search?term=…, ${SEARCH_CONNECTIONS} connections, ${SEARCH_SECONDS} s each (autocannon; direct SQL: ${SEARCH_CONNECTIONS} callers, 2 s)`,
    );
    // A yardstick under the same load: one record by id, the least an organisation call costs.
    const { rows: one } = await pool.query<{ id: string }>(
      `SELECT id FROM projects WHERE id = ${projectId(42)}`,
    );
    const oneUrl = `${base}/projects/${one[0]!.id}`;
    console.log(
      row(
        '  yardstick: GET /projects/{id}',
        await loadTest(oneUrl, await headers(), SEARCH_CONNECTIONS, SEARCH_SECONDS),
      ),
    );
    let searchMet = true;
    for (const term of SEARCH_TERMS) {
      const statement = searchStatement(org.id, term, null);
      // What the term matches: the start of names and references below three characters.
      const prefixOnly = term.length < SUBSTRING_MIN_LENGTH;
      const { rows: matched } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM projects
          WHERE organisation_id = $1 AND deleted_at IS NULL AND (name ILIKE $2 OR reference ILIKE $2)`,
        [org.id, prefixOnly ? `${term}%` : `%${term}%`],
      );
      const runDirect = () => scoped.query(statement);
      const url = `${base}/search?term=${encodeURIComponent(term)}`;
      const auth = await headers();
      const check = await get(url, auth);
      if (check.status !== 200) throw new Error(`search answered ${check.status}`);
      const apiFigures = await loadTest(url, auth, SEARCH_CONNECTIONS, SEARCH_SECONDS);
      const directFigures = await concurrent(runDirect, SEARCH_CONNECTIONS, 2);
      const met = apiFigures.p99 < 50;
      searchMet &&= met;
      console.log(
        `"${term}" (${matched[0]!.n.toLocaleString()} projects ${prefixOnly ? 'start with' : 'contain'} it)`,
      );
      console.log(row('  direct SQL (the one search statement)', directFigures));
      console.log(row(`  API (p99 < 50 ms: ${met ? 'MET' : 'NOT MET'})`, apiFigures));
      const { prefix, contains } = searchPatterns(term);
      for (const [name, values] of [
        ['search_clients', [org.id, prefix, contains]],
        ['search_projects', [org.id, prefix, contains]],
      ] as const) {
        const plan = await explain(pool, await functionStatement(pool, name, [...values]));
        const trigram = /Bitmap Index Scan on \w+_trgm_idx/.test(plan);
        plans.push(
          `-- search "${term}": ${name} (trigram index: ${trigram ? 'yes' : 'no'})\n${plan}`,
        );
      }
    }

    console.log(
      `\nList within 2x of direct SQL: ${listsMet ? 'MET' : 'NOT MET'}; search p99 < 50 ms: ${searchMet ? 'MET' : 'NOT MET'}`,
    );
    console.log('\nPlans (EXPLAIN ANALYZE):');
    for (const plan of plans) console.log(`${plan}\n`);
  },
);
