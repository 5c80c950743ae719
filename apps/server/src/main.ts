import Fastify from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createPlatform } from './platform/bootstrap';
import { FleetDisagreement, joinFleet, type FleetMembership } from './platform/fleet/agreement';
import { loggingOptions } from './platform/http/logging';
import { DEMO_BILLING_OWNER, DEMO_EMAIL, DEMO_PASSWORD, DEMO_PEOPLE, seedDemo } from './seed/demo';
import { seedChangelogs } from './modules/changelogs';
import { allJobs, allRoutes, allUploadKinds, wireModules } from './modules';
import { buildWebHost } from './web-host';

// npm start: one process does it all; npm run start:api / start:worker (PROCESS_ROLE, --role=)
// run the fleet's two halves apart (docs/deployment.md).
const config = loadConfig(process.env, process.argv.slice(2));
wireModules();
const platform = await createPlatform(config, {
  jobs: allJobs(),
  uploadKinds: allUploadKinds(),
});
if (config.role !== 'all' && platform.db.engine === 'pglite') {
  console.warn(
    `PROCESS_ROLE=${config.role} on the embedded database: no other process can share its folder, ` +
      `so ${config.role === 'api' ? 'no background work will run' : 'no requests will be served'}. ` +
      'Set DATABASE_URL to run a fleet, or leave PROCESS_ROLE unset (docs/deployment.md).',
  );
}
let fleet: FleetMembership | undefined;
if (platform.db.engine === 'postgres') {
  try {
    fleet = await joinFleet(platform.db, platform.config);
  } catch (error) {
    if (!(error instanceof FleetDisagreement)) throw error;
    console.error(error.message);
    await platform.db.close();
    process.exit(78); // EX_CONFIG: a supervisor should not restart it as it is
  }
}
if (config.seedDemo && config.role !== 'worker') await seedDemo(platform);
await platform.db.transaction((tx) => seedChangelogs(tx));

// The worker role answers only its health check (for the orchestrator) and runs the queue.
const api =
  config.role === 'worker'
    ? await workerHealth()
    : await buildApp(platform, { logger: true, workers: config.role === 'all' });
if (config.role === 'worker') {
  // It serves no routes, but making them registers the build and import kinds its jobs run.
  allRoutes();
  await platform.queue.work(platform, api.log);
}
await api.listen({ port: config.apiPort, host: config.host });
const web = config.role === 'worker' ? undefined : await buildWebHost(platform.config);
if (web) await web.listen({ port: config.webPort, host: config.host });

const database = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${config.dataDir}/pglite`;
const roles = {
  all: 'API and background work (npm start)',
  api: 'API only (background work runs in the worker processes)',
  worker: `background work only (health check on port ${config.apiPort})`,
};
console.log(`
  Field-work platform is running
    Role     ${roles[config.role]}
${
  config.role === 'worker'
    ? ''
    : `    API      ${config.publicApiUrl}   (docs at ${config.publicApiUrl}/docs)
    Web app  ${web ? `http://localhost:${config.webPort}` : 'not built: run npm run build --workspace apps/web'}
`
}    Database ${database}
${config.seedDemo && config.role !== 'worker' ? demoSignIns() : ''}
    E-mail   ${config.smtpUrl ? 'over SMTP_URL' : 'not sent (no SMTP_URL): each one is logged here with its links'}
`);

function demoSignIns() {
  const others = DEMO_PEOPLE.map(
    (person) => `             ${person.email} (${person.role?.toLowerCase() ?? 'support staff'})`,
  ).concat(`             ${DEMO_BILLING_OWNER.email} (owner of a subscribed organisation)`);
  return [`    Sign in  ${DEMO_EMAIL} / ${DEMO_PASSWORD} (admin, owner); also with that password:`]
    .concat(others)
    .join('\n');
}

async function workerHealth() {
  const app = Fastify(loggingOptions(config.logLevel, true));
  app.get('/healthz', async () => {
    await platform.db.query('SELECT 1');
    return { status: 'ok', database: platform.db.engine, role: 'worker' };
  });
  // Runs in progress finish (up to 10 s) or go back to the queue for another worker.
  app.addHook('onClose', () => platform.queue.stop());
  return app;
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  api.log.info({ signal }, 'shutting down');
  // New requests are refused (503, Connection: close) while those in flight finish; then the
  // queue's runs in progress finish or are released, and this process leaves the fleet.
  await Promise.allSettled([api.close(), web?.close()]);
  await fleet?.leave().catch(() => undefined);
  await platform.db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
