import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPostgres } from '../src/platform/db/engine';
import { migrate } from '../src/platform/db/migrate';
import { startS3Server } from './s3-server';

/**
 * The real-PostgreSQL leg: one database per run, migrated once, dropped at the end; and its files
 * on a real S3-compatible server started for the run, so every test that stores a file runs on
 * both storage backends (the embedded leg keeps the local folder).
 */
export const ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The S3-compatible server the PostgreSQL leg stores files on. */
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createDatabase(`fieldwork_test_${process.pid}_${Date.now().toString(36)}`);
  const db = connectPostgres(database.url, 2);
  await migrate(db);
  await db.close();
  project.provide('databaseUrl', database.url);
  const s3 = await startS3Server();
  project.provide('s3Endpoint', s3.endpoint);
  return async () => {
    await s3.stop();
    await database.drop();
  };
}

/** A new, empty database on the test server: its address, and how to drop it. */
export async function createDatabase(
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
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
