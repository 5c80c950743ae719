import type { TestProject } from 'vitest/node';
import { connectPostgres } from '../src/platform/db/engine';
import { migrate } from '../src/platform/db/migrate';
import { startS3Server } from './s3-server';
import { createDatabase } from './test-database';

/**
 * The real-PostgreSQL leg: one database per run, migrated once, dropped at the end; and its files
 * on a real S3-compatible server started for the run, so every test that stores a file runs on
 * both storage backends (the embedded leg keeps the local folder).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The S3-compatible server the PostgreSQL leg stores files on. */
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await createDatabase(
    `fieldwork_test_${process.pid}_${Date.now().toString(36)}`,
    undefined,
    { durable: false },
  );
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
