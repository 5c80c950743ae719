#!/usr/bin/env node
// `npm test`: the web build and its first-load budget, then format, lint and type-check, then the
// unit and integration suites (PGlite and, when reachable, a real PostgreSQL server), with the
// browser journeys running beside all of it from the moment the build is there. Ends with one line
// "N passed, N failed" summing every test and check, after each step's time. The single-threaded
// checks run two at a time (CI has 2 cores); the unit suite uses both cores, and the journeys,
// mostly waiting on a browser, take what is left.
import { spawn } from 'node:child_process';
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
/** Every test file's wall time, from the suites' JSON reports, for the slowest-ten list. */
const fileTimes = [];
/** Every failed test's file and name, printed last so a clipped log still shows them. */
const failedTests = [];

function count(name, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

/** A check whose output is held back and printed whole when it ends, so two can run at once. */
function quietCheck(name, command, args) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += String(error)));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push([name, seconds]);
      console.log(`\n▶ ${name} (${seconds.toFixed(1)} s)`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      count(name, code === 0);
      done(code === 0);
    });
  });
}

/** Runs the checks in order, one after another; answers whether all passed. */
async function lane(checks) {
  let ok = true;
  for (const [name, command, args] of checks) ok = (await quietCheck(name, command, args)) && ok;
  return ok;
}

/**
 * Runs a vitest suite and reads its JSON report. With `quiet`, its output is held back and printed
 * whole when it ends, so it can run beside another suite without interleaving.
 */
async function suite(name, args, output, { quiet = false } = {}) {
  const started = Date.now();
  if (!quiet) console.log(`\n▶ ${name}`);
  const command = [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ];
  const ok = await new Promise((done) => {
    const child = spawn('npx', command, {
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    });
    let held = '';
    child.stdout?.on('data', (chunk) => (held += chunk));
    child.stderr?.on('data', (chunk) => (held += chunk));
    child.on('error', (error) => (held += String(error)));
    child.on('close', (code) => {
      if (quiet) {
        console.log(`\n▶ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        process.stdout.write(held.endsWith('\n') ? held : `${held}\n`);
      }
      done(code === 0);
    });
  });
  timings.push([name, (Date.now() - started) / 1000]);
  if (existsSync(output)) {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    for (const file of report.testResults ?? []) {
      const where = file.name.replace(`${process.cwd()}/`, '');
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed')
          failedTests.push(`${where} > ${test.fullName}${firstLines(test.failureMessages)}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).length) {
        failedTests.push(`${where} (${(file.message ?? 'failed to load').split('\n')[0]})`);
      }
      if (file.startTime && file.endTime) {
        fileTimes.push([
          file.name.replace(`${process.cwd()}/`, ''),
          (file.endTime - file.startTime) / 1000,
        ]);
      }
    }
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numTotalTests === 0 ? 1 : 0);
    if (!ok && report.numFailedTests === 0) failed += 1; // a crash outside any test
  } else {
    failed += 1;
  }
  if (!ok) failures.push(name);
}

// The journeys spend most of their time waiting on the browser and the product (about a third of
// a core each), so they start as soon as the web app is built and run beside the CPU-bound checks
// and unit suite; their output is held back and printed whole when they end.
const started = Date.now();
const built = lane([
  ['web build', 'npm', ['run', 'build', '--workspace', 'apps/web']],
  ['first-load budget (projects page, gzip)', 'node', ['scripts/bundle-budget.mjs']],
]);
const journeys = built.then((ok) =>
  ok
    ? suite('browser journeys (headless Chromium)', ['--root', 'e2e'], `${RESULTS}/e2e.json`, {
        quiet: true,
      })
    : count('browser journeys (not run: the web app did not build)', false),
);
// Two lanes of about the same length (type-aware lint, ~120 CPU s, is as long as the rest).
await Promise.all([
  lane([['lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']]]),
  built.then(() =>
    lane([
      ['format (prettier)', 'npx', ['prettier', '--check', '.']],
      ['no cycle between modules', 'node', ['scripts/module-graph.mjs', '--check']],
      ...['packages/contract', 'apps/server', 'apps/web', 'e2e'].map((workspace) => [
        `type-check ${workspace}`,
        'npx',
        ['tsc', '--noEmit', '-p', workspace],
      ]),
    ]),
  ),
]);
timings.push(['(checks and build, two at a time: wall time)', (Date.now() - started) / 1000]);
const projects = ['contract', 'server:pglite', 'web', ...(postgres ? ['server:postgres'] : [])];
await suite(
  'unit and integration tests',
  projects.flatMap((project) => ['--project', project]),
  `${RESULTS}/unit.json`,
);
await journeys;
timings.push(['(all checks and suites: wall time)', (Date.now() - started) / 1000]);

if (!postgres) console.warn('\nNOTE: the real-PostgreSQL leg was skipped (embedded leg only).');
console.log('\nStep times:');
for (const [name, seconds] of timings)
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
console.log('\nSlowest test files:');
for (const [name, seconds] of fileTimes.sort((a, b) => b[1] - a[1]).slice(0, 10))
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
for (const name of failedTests) console.log(`  ✗ ${name}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

/** The first lines of a failed test's messages, indented under it, without colour codes. */
function firstLines(messages = []) {
  const lines = messages
    .join('\n')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 6);
  return lines.map((line) => `\n      ${line.slice(0, 300)}`).join('');
}

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
