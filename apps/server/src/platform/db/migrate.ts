import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './engine';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));
// Any constant shared by every process: two API processes starting together migrate once.
const MIGRATION_LOCK = 727_301;

/** Applies every migration not yet recorded, in file-name order, all in one transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = await tx.query<{ name: string }>('SELECT name FROM schema_migrations');
    const seen = new Set(done.rows.map((row) => row.name));
    for (const name of files) {
      if (seen.has(name)) continue;
      const script = await readFile(MIGRATIONS_DIR + name, 'utf8');
      await execScript(tx, script);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
  });
  return applied;
}

/** Splits a migration into statements, keeping dollar-quoted bodies whole. */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of script.split('\n')) {
    const trimmed = line.trim();
    if (!inDollar && (trimmed.startsWith('--') || trimmed === '')) continue;
    current += line + '\n';
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && trimmed.endsWith(';')) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

async function execScript(tx: { query: (text: string) => Promise<unknown> }, script: string) {
  for (const statement of splitStatements(script)) await tx.query(statement);
}
