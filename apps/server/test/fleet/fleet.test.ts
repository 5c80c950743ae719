import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allRoutes, wireModules } from '../../src/modules';
import { connectPostgres, type Db } from '../../src/platform/db/engine';
import { fullPath } from '../../src/platform/http/register';
import { newId } from '../../src/platform/ids';
import {
  processed,
  sceneSheet,
  uploadPhoto,
} from '../../src/modules/job-sheets/photos/photos-testing';
import { sitePhoto } from '../../src/modules/job-sheets/photos/test-images';
import { sheetScene, submittedSheet, type SheetScene } from '../fixtures/job-sheets';
import {
  client,
  createOrganisation,
  getFile,
  signUp,
  usingPostgres,
  type OrganisationFixture,
  type TestApp,
} from '../harness';
import { S3_TEST_ENV, TEST_BUCKET } from '../s3-server';
import { freePort, overHttp, startProcess, type FleetProcess } from './fleet-harness';
import { startProxy, type RoundRobinProxy } from './round-robin-proxy';

/**
 * The product run as a fleet (issue 28, docs/deployment.md): two API processes
 * (PROCESS_ROLE=api) and one worker (PROCESS_ROLE=worker), each `node --import tsx src/main.ts`,
 * on one PostgreSQL database and one S3-compatible server, behind a round-robin proxy on the
 * loopback address. Started once for the whole file; every call below goes over HTTP.
 */
const fleet = {} as {
  proxy: RoundRobinProxy;
  apis: FleetProcess[];
  worker: FleetProcess;
  db: Db;
  env: Record<string, string>;
  /** The harness's test app, answered by the fleet through the proxy. */
  test: TestApp;
  scene: SheetScene;
  other: OrganisationFixture;
};

// One process owns a PGlite folder: a fleet needs PostgreSQL, so the embedded leg skips the file.
describe.skipIf(!usingPostgres())(
  'a fleet: two API processes and a worker (PostgreSQL only)',
  () => {
    beforeAll(async () => {
      const ports = [await freePort(), await freePort()];
      fleet.proxy = await startProxy(ports.map((port) => `http://127.0.0.1:${port}`));
      const databaseUrl = inject('databaseUrl');
      fleet.env = {
        ...S3_TEST_ENV,
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '4',
        // Its own queue and files on the run's database and S3-compatible server.
        QUEUE_SCHEMA: `pgboss_fleet_${newId()}`,
        STORAGE_URL: `s3://${TEST_BUCKET}?endpoint=${encodeURIComponent(inject('s3Endpoint'))}&prefix=fleet-${newId()}`,
        PUBLIC_API_URL: fleet.proxy.url,
        TRUST_PROXY: 'true',
      };
      // All three at once, as an orchestrator starts them: on a new queue schema they must not
      // race to create it.
      const started = await Promise.allSettled([
        startProcess('worker', fleet.env),
        ...ports.map((port) => startProcess('api', { ...fleet.env, API_PORT: String(port) })),
      ]);
      const failed = started.find((result) => result.status === 'rejected');
      const running = started.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      if (failed) {
        await Promise.all(running.map((proc) => proc.stop('SIGKILL')));
        throw failed.reason;
      }
      [fleet.worker, ...fleet.apis] = [running[0]!, ...running.slice(1)];
      fleet.db = connectPostgres(databaseUrl, 2);
      fleet.test = { app: overHttp(fleet.proxy.url), platform: { db: fleet.db } } as TestApp;
      [fleet.scene, fleet.other] = await Promise.all([
        sheetScene(fleet.test, 'Fleet Org'),
        createOrganisation(fleet.test.app, 'Fleet Other Org'),
      ]);
    }, 120_000);

    afterAll(async () => {
      const processes = [...(fleet.apis ?? []), fleet.worker].filter(Boolean);
      await Promise.all(processes.map((proc) => proc.stop()));
      await fleet.proxy?.close();
      await fleet.db?.close();
    }, 30_000);

    /** The fleet's app for one API process, without the proxy. */
    const direct = (index: number) => overHttp(fleet.apis[index]!.url);

    it('sends calls to both API processes, and leaves the work to the worker', async () => {
      expect(fleet.proxy.sent[0]).toBeGreaterThan(0);
      expect(fleet.proxy.sent[1]).toBeGreaterThan(0);
      const health = await (await fetch(`${fleet.worker.url}/healthz`)).json();
      expect(health).toMatchObject({ status: 'ok', role: 'worker' });
      // The worker alone serves no API.
      expect((await fetch(`${fleet.worker.url}/me/context`)).status).toBe(404);
    });

    it('refuses to start a process that disagrees on APP_SECRET or storage', async () => {
      const [otherSecret, otherStorage] = await Promise.all([
        startProcess(
          'api',
          { ...fleet.env, APP_SECRET: 'a-different-secret' },
          { waitForHealth: false },
        ),
        startProcess(
          'worker',
          {
            ...fleet.env,
            STORAGE_URL: fleet.env.STORAGE_URL!.replace(/prefix=.*$/, 'prefix=elsewhere'),
          },
          { waitForHealth: false },
        ),
      ]);
      expect(await otherSecret.exited).toBe(78);
      expect(otherSecret.output()).toMatch(/Refusing to start: APP_SECRET differs/);
      expect(await otherStorage.exited).toBe(78);
      expect(otherStorage.output()).toMatch(
        /Refusing to start: files would be stored in S3 bucket/,
      );
    }, 60_000);

    it('walks across tenants: another organisation is refused on every route, on both processes', async () => {
      const { scene, other } = fleet;
      const outsider = client(fleet.test.app, other.owner.token);
      const routes = allRoutesOnce().filter(
        (route) => route.access === 'organisation' && route.method === 'GET',
      );
      expect(routes.length).toBeGreaterThan(50);
      const anyId = newId();
      for (const route of routes) {
        const path = fullPath(route)
          .replace(':organisationId', scene.org.id)
          .replace(/:[A-Za-z]+/g, anyId);
        const reply = await outsider.get(path);
        expect([403, 404], `${path} → ${reply.status}`).toContain(reply.status);
      }
      // The scene's records under the other organisation's own base path: not found.
      const sheet = await sceneSheet(scene);
      const records = {
        projects: scene.projectId,
        jobs: scene.jobId,
        job_sheets: sheet.id,
        forms: scene.formId,
        members: scene.operative.userId,
      };
      for (const [collection, id] of Object.entries(records)) {
        for (const index of [0, 1]) {
          const reply = await client(
            direct(index),
            other.owner.token,
            `/organisations/${other.id}`,
          ).get(`/${collection}/${id}`);
          expect(reply.status, `${collection} on API ${index}`).toBe(404);
        }
      }
    });

    it('numbers jobs created at once on both processes without gaps or duplicates', async () => {
      const { scene } = fleet;
      const replies = await Promise.all(
        Array.from({ length: 12 }, () =>
          scene.manager.orgApi.post('/jobs', { project_id: scene.projectId }),
        ),
      );
      expect(replies.map((reply) => reply.status)).toEqual(Array(12).fill(201));
      const numbers = replies
        .map((reply) => reply.body.data.number as number)
        .sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(12);
      expect(numbers[11]! - numbers[0]!).toBe(11);
    });

    it('lets one of concurrent approvals of one sheet win, across processes', async () => {
      const { scene } = fleet;
      const sheet = await submittedSheet(scene);
      const approve = (index: number) =>
        client(direct(index), scene.approver.token, `/organisations/${scene.org.id}`).post(
          `/job_sheets/${sheet.id}/approve`,
          { declaration_accepted: true },
        );
      const replies = await Promise.all([approve(0), approve(1), approve(0), approve(1)]);
      const statuses = replies.map((reply) => reply.status).sort();
      expect(
        statuses.filter((status) => status === 200),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      for (const status of statuses.filter((code) => code !== 200))
        expect([403, 404, 409, 422]).toContain(status);
      const after = await scene.manager.orgApi.get(`/job_sheets/${sheet.id}`);
      expect(after.body.data.approvals).toHaveLength(1);
      expect(after.body.data.current_approval_stage_id).toBe(scene.stageIds[1]);
    });

    it('processes on the worker a photo uploaded through one API process, read through the other', async () => {
      const { scene } = fleet;
      const sheet = await sceneSheet(scene);
      const picture = await sitePhoto(28, { width: 640, height: 480 });
      const uploaded = await uploadPhoto(
        { ...fleet.test, app: direct(0) },
        scene.org,
        scene.operative.token,
        sheet,
        { name: 'door.jpg', content: picture },
      );
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const throughOther = client(
        direct(1),
        scene.operative.token,
        `/organisations/${scene.org.id}`,
      );
      // Neither API process runs workers: READY means the worker processed it.
      const photo = await processed(throughOther, uploaded.body.data.id as string);
      expect(photo.status).toBe('READY');
      const original = await getFile(direct(1), photo.file!.url);
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload.length).toBeGreaterThan(1000);
      const thumbnail = await getFile(direct(0), photo.file!.thumbnail_url!);
      expect(thumbnail.statusCode).toBe(200);
    });

    it('builds on the worker an export started on one process and downloads it through the other', async () => {
      const { scene } = fleet;
      const reference = `Fleet ${newId().slice(-6)}`;
      expect(
        (await scene.manager.orgApi.post('/jobs', { project_id: scene.projectId, reference }))
          .status,
      ).toBe(201);
      const started = await client(
        direct(0),
        scene.manager.token,
        `/organisations/${scene.org.id}`,
      ).post('/exports/jobs_csv', {});
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const file = await getFile(direct(1), started.body.url as string);
      expect(file.statusCode, `${file.body}\n--- worker ---\n${fleet.worker.output()}`).toBe(200);
      expect(file.body).toContain(reference);
    });

    it('refuses on the other process at once a session revoked on one', async () => {
      const member = await signUp(direct(0));
      const onOther = client(direct(1), member.token);
      // The other process remembers the session first (its principal cache).
      expect((await onOther.get('/me/context')).status).toBe(200);
      expect((await onOther.get('/me/context')).status).toBe(200);
      expect((await client(direct(0), member.token).post('/auth/logout')).status).toBe(204);
      expect((await onOther.get('/me/context')).status).toBe(401);
    });

    it('forgets on the other process at once a kept productivity answer a change made stale', async () => {
      const { scene } = fleet;
      const onOther = client(direct(1), scene.manager.token, `/organisations/${scene.org.id}`);
      const question = '/productivity?timeframe=year&group_by=project';
      const before = await onOther.get(question);
      expect(before.status, JSON.stringify(before.body)).toBe(200);
      expect((await onOther.get(question)).body).toEqual(before.body); // kept on process 1
      const renamed = await client(
        direct(0),
        scene.manager.token,
        `/organisations/${scene.org.id}`,
      ).put(`/projects/${scene.projectId}`, { name: 'Fleet Tower' });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      await submittedSheet(scene);
      const after = await onOther.get(question);
      const row = (after.body.data as Array<{ project_id: string; project_name: string }>).find(
        (entry) => entry.project_id === scene.projectId,
      );
      expect(row?.project_name).toBe('Fleet Tower');
      expect(after.body.totals.job_sheets_submitted).toBe(
        before.body.totals.job_sheets_submitted + 1,
      );
    });

    it('counts failed sign-ins across processes: the lockout holds on both', async () => {
      const member = await signUp(direct(0));
      // An address of its own (the processes believe X-Forwarded-For here, TRUST_PROXY): the run's
      // other files sign in from 127.0.0.1 on this database.
      const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const attempt = async (index: number, password: string) =>
        (
          await fetch(`${fleet.apis[index]!.url}/auth/web`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify({ email: member.email, password }),
          })
        ).status;
      // Ten failures from that address, half on each process, at once (each is slowed down).
      const failures = await Promise.all(
        Array.from({ length: 10 }, (_, index) => attempt(index % 2, 'wrong password')),
      );
      expect(failures).toEqual(Array(10).fill(401));
      // Each failure is written as its request ends; then both processes refuse, the right
      // password too.
      await expect.poll(() => attempt(0, 'wrong password')).toBe(429);
      expect(await attempt(1, 'correct horse battery')).toBe(429);
      expect(await attempt(0, 'correct horse battery')).toBe(429);
    });

    it('loses only the calls in flight on an API process killed under load', async () => {
      const { scene, proxy } = fleet;
      const api = scene.manager.orgApi;
      const statuses: { status: number; at: number }[] = [];
      let killedAt = 0;
      let stopAt = Number.POSITIVE_INFINITY;
      const load = async () => {
        while (Date.now() < stopAt) {
          const reply = await api.get(`/jobs/${scene.jobId}`);
          statuses.push({ status: reply.status, at: Date.now() });
        }
      };
      const runners = Array.from({ length: 8 }, load);
      // Kill the second process once both have served some of this load.
      const sentBefore = [...proxy.sent];
      await expect
        .poll(() => proxy.sent.every((sent, index) => sent - sentBefore[index]! >= 20), {
          timeout: 20_000,
          interval: 20,
        })
        .toBe(true);
      killedAt = Date.now();
      fleet.apis[1]!.child.kill('SIGKILL');
      await fleet.apis[1]!.exited;
      const goneAt = Date.now();
      // Keep the load on until the survivor has answered plenty alone.
      await expect
        .poll(() => statuses.filter((entry) => entry.at > killedAt + 200).length, {
          timeout: 20_000,
          interval: 20,
        })
        .toBeGreaterThanOrEqual(100);
      stopAt = 0;
      await Promise.all(runners);

      const failed = statuses.filter((entry) => entry.status !== 200);
      // Each failure is one the proxy had sent to the killed process before it was gone (at most
      // the 8 callers' calls in flight); every call after went to the survivor and was answered.
      expect(failed.length).toBe(proxy.failures.length);
      expect(failed.length).toBeLessThanOrEqual(8);
      for (const failure of proxy.failures) {
        expect(failure.backend).toBe(1);
        expect(failure.sentAt).toBeLessThanOrEqual(goneAt);
      }
      expect(failed.every((entry) => entry.status === 502)).toBe(true);
      expect(statuses.length - failed.length).toBeGreaterThan(140);
    }, 60_000);
  },
);

let routesCache: ReturnType<typeof allRoutes> | undefined;
function allRoutesOnce() {
  wireModules();
  return (routesCache ??= allRoutes());
}
