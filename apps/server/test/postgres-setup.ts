import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPostgres } from '../src/platform/db/engine';
import { migrate } from '../src/platform/db/migrate';

/** The real-PostgreSQL leg: one database per run, migrated once, dropped at the end. */
export const ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const name = `fieldwork_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = connectPostgres(url.toString(), 2);
  await migrate(db);
  await db.close();
  project.provide('databaseUrl', url.toString());
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
