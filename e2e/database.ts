import pg from 'pg';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface JourneyDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * The product the journeys share keeps its data in a database of the machine's PostgreSQL server
 * when there is one (created here, dropped at the end), as the fleet does; the embedded PGlite
 * runs every query on the API's own thread, so journeys running side by side queued behind it.
 * Without a server the product keeps its embedded default.
 */
export async function createJourneyDatabase(): Promise<JourneyDatabase | undefined> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `fieldwork_e2e_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
