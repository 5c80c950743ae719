import { buildApp } from './app';
import { loadConfig } from './config';
import { createPlatform } from './platform/bootstrap';
import { DEMO_BILLING_OWNER, DEMO_EMAIL, DEMO_PASSWORD, DEMO_PEOPLE, seedDemo } from './seed/demo';
import { seedChangelogs } from './modules/changelogs';
import { allJobs, allUploadKinds, wireModules } from './modules';
import { buildWebHost } from './web-host';

const config = loadConfig();
wireModules();
const platform = await createPlatform(config, {
  jobs: allJobs(),
  uploadKinds: allUploadKinds(),
});
if (config.seedDemo) await seedDemo(platform);
await platform.db.transaction((tx) => seedChangelogs(tx));

const api = await buildApp(platform, { logger: true });
await api.listen({ port: config.apiPort, host: config.host });
const web = await buildWebHost(platform.config);
if (web) await web.listen({ port: config.webPort, host: config.host });

const database = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${config.dataDir}/pglite`;
console.log(`
  Field-work platform is running
    API      ${config.publicApiUrl}   (docs at ${config.publicApiUrl}/docs)
    Web app  ${web ? `http://localhost:${config.webPort}` : 'not built: run npm run build --workspace apps/web'}
    Database ${database}
${config.seedDemo ? demoSignIns() : ''}
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

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  api.log.info({ signal }, 'shutting down');
  await Promise.allSettled([api.close(), web?.close()]);
  await platform.db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
