import { describe, expect, inject, it } from 'vitest';
import { loadConfig, parseRole } from '../../config';
import { usingPostgres } from '../../../test/harness';
import { connectPostgres } from '../db/engine';
import { newId } from '../ids';
import { disagreement, fleetIdentity, FleetDisagreement, joinFleet } from './agreement';

describe('process roles', () => {
  it('reads PROCESS_ROLE or --role=, defaulting to both in one process', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ PROCESS_ROLE: 'worker' }).role).toBe('worker');
    expect(loadConfig({ PROCESS_ROLE: 'worker' }, ['--role=api']).role).toBe('api');
    expect(() => parseRole('web')).toThrow(/use one of all, api, worker/);
  });
});

describe('what a fleet must agree on', () => {
  const base = { appSecret: 's3cret', storageUrl: undefined, dataDir: '/srv/data' };
  const row = (identity: ReturnType<typeof fleetIdentity>) => ({
    role: 'api',
    host: 'api-1',
    pid: 7,
    secret_fingerprint: identity.secretFingerprint,
    storage: identity.storage,
    seen_at: new Date(),
  });

  it('fingerprints the secret without showing it, and names storage without credentials', () => {
    const identity = fleetIdentity({
      ...base,
      storageUrl: 's3://files?endpoint=http%3A%2F%2Fminio%3A9000&prefix=prod',
    });
    expect(identity.secretFingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(identity)).not.toContain('s3cret');
    expect(identity.storage).toBe(
      'S3 bucket files at http://minio:9000 (us-east-1), prefix "prod/"',
    );
  });

  it('names the disagreement and how to resolve it', () => {
    const me = fleetIdentity(base);
    expect(disagreement(me, [row(me)])).toBeNull();
    expect(disagreement(me, [row(fleetIdentity({ ...base, appSecret: 'other' }))])).toMatch(
      /APP_SECRET differs from the one the running api process 7 on api-1/,
    );
    expect(disagreement(me, [row(fleetIdentity({ ...base, dataDir: '/elsewhere' }))])).toMatch(
      /files would be stored in the local folder \/srv\/data\/files/,
    );
  });

  it.runIf(usingPostgres())(
    'refuses to join a fleet that disagrees, until it has left',
    async () => {
      const db = connectPostgres(inject('databaseUrl'), 2);
      // A fleet of its own (the processes of one queue): other files' fleets are not compared.
      const fleet = { ...base, queueSchema: `pgboss_${newId()}` };
      try {
        const first = await joinFleet(db, { ...fleet, role: 'api' });
        const second = await joinFleet(db, { ...fleet, role: 'worker' });
        await expect(joinFleet(db, { ...fleet, appSecret: 'other', role: 'api' })).rejects.toThrow(
          FleetDisagreement,
        );
        // Another queue's processes are another fleet.
        const apart = await joinFleet(db, { ...fleet, queueSchema: 'pgboss_other', role: 'api' });
        await apart.leave();
        await first.leave();
        await second.leave();
        const after = await joinFleet(db, { ...fleet, appSecret: 'other', role: 'api' });
        await after.leave();
      } finally {
        await db.close();
      }
    },
  );
});
