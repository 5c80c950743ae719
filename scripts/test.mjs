#!/usr/bin/env node
// `npm test`: format, lint, type-check, unit and integration suites (PGlite and, when reachable, a
// real PostgreSQL server), the web build and its first-load budget, then the browser journeys. Ends with one line
// "N passed, N failed" summing every test and check.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';

const RESULTS = `${process.cwd()}/.test-results`;
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const postgres = await reachable(postgresUrl);
if (!postgres) {
  console.warn(`
  ************************************************************************
  *  No PostgreSQL server at ${postgresUrl}
  *  Running the EMBEDDED (PGlite) leg only: the real-PostgreSQL leg is
  *  SKIPPED. Set TEST_POSTGRES_URL or start a server to run both.
  ************************************************************************
`);
}

let passed = 0;
let failed = 0;
const failures = [];

const timings = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([name, (Date.now() - started) / 1000]);
  return result.status === 0;
}

function check(name, command, args) {
  if (step(name, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

function suite(name, args, output) {
  const ok = step(name, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ]);
  if (existsSync(output)) {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numTotalTests === 0 ? 1 : 0);
    if (!ok && report.numFailedTests === 0) failed += 1; // a crash outside any test
  } else {
    failed += 1;
  }
  if (!ok) failures.push(name);
}

check('format (prettier)', 'npx', ['prettier', '--check', '.']);
check('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']);
for (const workspace of ['packages/contract', 'apps/server', 'apps/web', 'e2e']) {
  check(`type-check ${workspace}`, 'npx', ['tsc', '--noEmit', '-p', workspace]);
}
const projects = ['contract', 'server:pglite', 'web', ...(postgres ? ['server:postgres'] : [])];
suite(
  'unit and integration tests',
  projects.flatMap((project) => ['--project', project]),
  `${RESULTS}/unit.json`,
);
check('web build', 'npm', ['run', 'build', '--workspace', 'apps/web']);
check('first-load budget (projects page, gzip)', 'node', ['scripts/bundle-budget.mjs']);
suite('browser journeys (headless Chromium)', ['--root', 'e2e'], `${RESULTS}/e2e.json`);

if (!postgres) console.warn('\nNOTE: the real-PostgreSQL leg was skipped (embedded leg only).');
console.log('\nStep times:');
for (const [name, seconds] of timings)
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
