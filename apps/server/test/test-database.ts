import pg from 'pg';

/**
 * Databases of their own on the machine's PostgreSQL server, for the real-PostgreSQL test leg, the
 * benches and the browser journeys: each run creates one under a unique name and drops it.
 */
export const ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of database `name` on the server `adminUrl` points at. */
export function databaseUrl(name: string, adminUrl = ADMIN_URL): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether the server answers (within 3 s). */
export async function serverAnswers(adminUrl = ADMIN_URL): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A new, empty database: its address, and how to drop it. A test's database (`durable: false`)
 * commits without waiting for its WAL to reach the disk: a crash may lose its last commits, which
 * a test run never needs, and a slow disk no longer sets the pace of every commit. The benches
 * keep the server's durable default, as production runs.
 */
export async function createDatabase(
  name: string,
  adminUrl = ADMIN_URL,
  { durable = true }: { durable?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  if (!durable) await asAdmin(adminUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  return { url: databaseUrl(name, adminUrl), drop: () => dropDatabase(name, adminUrl) };
}

/** Drops database `name` if it exists, closing its connections. */
export function dropDatabase(name: string, adminUrl = ADMIN_URL): Promise<void> {
  return asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
