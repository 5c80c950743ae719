/**
 * npm run bench:webhooks (part of npm run bench): in a PostgreSQL server, what outgoing webhooks
 * cost. POST /jobs timed one after another with no endpoint, then with 5 endpoints taking
 * job.created (publishEvent's check, the job's GET shape and one fan-out job per event, in the
 * request's transaction); then 500 jobs created at once (create_many) fanned out to those 5
 * endpoints, a receiver in this process answering 200: how long until all 2,500 signed
 * deliveries have arrived (target: under 60 s), and the API's peak memory.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runBench } from './harness';
import { percentile, watchRss } from './measure';
import { call } from './setup';

const CREATES = Number(process.env.BENCH_WEBHOOK_CREATES ?? 200);
const BATCH = Number(process.env.BENCH_WEBHOOK_BATCH ?? 500);
const ENDPOINTS = 5;

await runBench(
  {
    database: 'fieldwork_bench_webhooks',
    port: 3440,
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
  },
  async ({ api: apiProcess, base: apiBase, registerOrganisation, defer }) => {
    let received = 0;
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    defer(() => receiver.close());
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const org = await registerOrganisation('Bench Webhooks Org');
    const base = `${apiBase}/organisations/${org.id}`;
    const api = <T>(method: string, path: string, body?: unknown) =>
      call<T>(method, `${base}${path}`, org.token, body);
    const { data: project } = await api<{ data: { id: string } }>('POST', '/projects', {
      name: 'Bench',
    });

    const timeCreates = async () => {
      const samples: number[] = [];
      for (let i = 0; i < CREATES; i++) {
        const t = performance.now();
        await api('POST', '/jobs', { project_id: project.id, reference: `Job ${i}` });
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      return `p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`;
    };

    console.log(`POST /jobs x${CREATES}, no webhook endpoint: ${await timeCreates()}`);
    for (let i = 0; i < ENDPOINTS; i++)
      await api('POST', '/webhooks', { url: `${receiverUrl}/hook/${i}`, events: ['job.created'] });
    const before = received;
    console.log(
      `POST /jobs x${CREATES}, ${ENDPOINTS} endpoints taking job.created: ${await timeCreates()}`,
    );
    const expected = before + CREATES * ENDPOINTS;
    const drain = Date.now();
    while (received < expected && Date.now() - drain < 120_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(
      `  their ${CREATES * ENDPOINTS} deliveries done ${((Date.now() - drain) / 1000).toFixed(1)} s after the last create`,
    );

    const peakRss = watchRss(apiProcess.pid!);
    const batchStart = received;
    const t = Date.now();
    await api('POST', '/jobs/create_many', {
      data: Array.from({ length: BATCH }, (_, i) => ({
        project_id: project.id,
        reference: `Batch ${i}`,
      })),
    });
    const createdIn = Date.now() - t;
    const target = batchStart + BATCH * ENDPOINTS;
    while (received < target && Date.now() - t < 300_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (Date.now() - t) / 1000;
    console.log(
      `create_many of ${BATCH} jobs: answered in ${createdIn} ms; ${received - batchStart} of ${BATCH * ENDPOINTS} deliveries arrived in ${seconds.toFixed(1)} s (${((received - batchStart) / seconds).toFixed(0)} deliveries/s, target all under 60 s); API peak RSS ${peakRss().toFixed(0)} MB`,
    );
  },
);
