import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { allJobs } from '../src/modules';
import { openPglite } from '../src/platform/db/engine';
import { migrate } from '../src/platform/db/migrate';
import { openQueue } from '../src/platform/queue/queue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder each test app copies (unset on the PostgreSQL leg). */
    pgliteTemplate: string;
  }
}

/**
 * The embedded leg: one PGlite database created, migrated and given the work queue's schema once
 * per run. A new PGlite spends most of its start in initdb and the migrations; each test app
 * opens a copy of this folder instead (test/harness.ts).
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') return;
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldwork-pglite-template-'));
  const db = await openPglite(dataDir);
  await migrate(db);
  const queue = await openQueue(db, { schema: 'pgboss', jobs: allJobs() });
  await queue.stop();
  await db.close();
  project.provide('pgliteTemplate', dataDir);
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
