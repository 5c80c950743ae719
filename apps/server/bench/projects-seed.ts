import type pg from 'pg';

/**
 * Set-based seeding of one organisation for the projects bench: clients, projects named from
 * word lists ("Riverside Tower Phase 3", reference "PRJ-00042"), the owner as a member of every
 * project, and attribute values of locations and jobs spread over the projects at random.
 */
const PLACES = `Riverside Northgate Harbour Kingsway Meadow Victoria Albion Canal Station Market
  Castle Abbey Bridge Park Orchard Mill Quay Chapel Hill Forest Granary Foundry Brewery Dock
  Lighthouse Regent Crown Sovereign Cathedral Priory Wharfside Eastfield Westbrook Southmead Oakwood
  Ashford Beacon Cedar Elmstead Fairview Greenacre Hawthorn Ivybridge Juniper Larkspur Marlborough
  Newhaven Portland`.split(/\s+/);
const KINDS =
  `Tower House Court Plaza Wharf Gardens Yard Point Works Square Place Lofts Exchange Hall
  Centre Apartments Residences School Hospital Library Campus Depot Terrace Village`.split(/\s+/);
const COMPANIES = PLACES.slice(0, 40);
const COMPANY_KINDS = ['Construction', 'Developments', 'Homes', 'Contractors', 'Estates'];

const sqlArray = (words: string[]) => `ARRAY[${words.map((word) => `'${word}'`).join(', ')}]`;
// A stable pseudo-random pick per row, so runs seed the same data.
const pick = (words: string[], salt: string, row: string) =>
  `(${sqlArray(words)})[1 + abs(hashtext('${salt}' || ${row})::bigint) % ${words.length}]`;

export const clientId = (i: number | string) => `substr(md5('client' || ${i}), 1, 24)`;
export const projectId = (i: number | string) => `substr(md5('project' || ${i}), 1, 24)`;

export interface SeedCounts {
  clients: number;
  projects: number;
  attributeValues: number;
}

async function timed(label: string, work: () => Promise<unknown>) {
  const started = Date.now();
  await work();
  console.log(`  ${label.padEnd(44)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Runs work with foreign-key triggers off (a superuser's session_replication_role): the values
 * name projects seeded just before, so checking a million references would only cost time.
 */
async function withoutForeignKeyChecks(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<unknown>,
) {
  const client = await pool.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await work(client);
  } finally {
    await client.query('RESET session_replication_role');
    client.release();
  }
}

export async function seedProjects(
  pool: pg.Pool,
  organisation: { id: string; userId: string },
  counts: SeedCounts,
) {
  const { id, userId } = organisation;
  // Clients: every company with every kind ("Northgate Homes"), 200 distinct names.
  await timed(`${counts.clients.toLocaleString()} clients`, () =>
    pool.query(
      `INSERT INTO clients (id, organisation_id, owner_id, name, created_at, updated_at)
       SELECT ${clientId('i')}, $1, $2,
              (${sqlArray(COMPANIES)})[1 + (i - 1) % ${COMPANIES.length}] || ' ' ||
              (${sqlArray(COMPANY_KINDS)})[1 + ((i - 1) / ${COMPANIES.length}) % ${COMPANY_KINDS.length}],
              now() - i * interval '1 hour', now()
         FROM generate_series(1, $3) AS i`,
      [id, userId, counts.clients],
    ),
  );
  // Projects: one in ten archived, one in fifty deleted, spread evenly over the clients.
  await timed(`${counts.projects.toLocaleString()} projects`, () =>
    pool.query(
      `INSERT INTO projects (id, organisation_id, client_id, owner_id, name, reference, package,
                             site_address, archived_at, deleted_at, created_at, updated_at)
       SELECT ${projectId('i')}, $1, ${clientId(`(1 + i % $4)`)}, $2,
              ${pick(PLACES, 'place', 'i')} || ' ' || ${pick(KINDS, 'kind', 'i')} || ' Phase ' || (1 + i % 6),
              'PRJ-' || lpad(i::text, 5, '0'), 'Fire stopping', i || ' High Street',
              CASE WHEN i % 10 = 0 THEN now() - interval '30 days' END,
              CASE WHEN i % 50 = 1 THEN now() - interval '1 day' END,
              now() - i * interval '10 minutes', now()
         FROM generate_series(1, $3) AS i`,
      [id, userId, counts.projects, counts.clients],
    ),
  );
  await timed('the owner a member of every project', () =>
    pool.query(
      `INSERT INTO project_members (organisation_id, project_id, user_id, can_edit)
       SELECT organisation_id, id, $2, true FROM projects WHERE organisation_id = $1`,
      [id, userId],
    ),
  );
  await timed(`${counts.attributeValues.toLocaleString()} attribute values`, () =>
    withoutForeignKeyChecks(pool, (client) =>
      client.query(
        `INSERT INTO attribute_values (id, organisation_id, project_id, subject_type, subject_id,
                                     attribute_id, name, type, value_string, value_number)
       SELECT substr(md5('value' || g), 1, 24), $1,
              ${projectId(`(1 + abs(hashtext('v' || g)::bigint) % $2)`)},
              CASE WHEN g % 4 = 0 THEN 'JOB' ELSE 'LOCATION' END,
              substr(md5(random()::text), 1, 24),
              substr(md5('attribute' || g % 40), 1, 24), 'Attribute ' || g % 40,
              CASE WHEN g % 2 = 0 THEN 'TEXT' ELSE 'NUMBER' END,
              CASE WHEN g % 2 = 0 THEN 'Value ' || g END,
              CASE WHEN g % 2 = 1 THEN g % 1000 END
         FROM generate_series(1, $3) AS g`,
        [id, counts.projects, counts.attributeValues],
      ),
    ),
  );
  await timed('VACUUM ANALYZE', () => pool.query('VACUUM ANALYZE'));
}
