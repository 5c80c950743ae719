import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureScreens, newSession, useBrowser } from '../browser';
import { callApi } from '../identity';
import { useProduct } from '../harness';
import { jobsScene } from '../jobs-steps';
import { signIn } from '../steps';

const product = useProduct();
const browser = useBrowser();

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver in this process: every request kept, each answered 200. */
const hits: Hit[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    hits.push({
      path: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('thanks');
  });
});
let receiverUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The requests of one event type to a path, waited for (30 s). */
async function eventsAt(path: string, type: string): Promise<Hit[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = hits.filter(
      (hit) => hit.path === path && hit.headers['fieldwork-event-type'] === type,
    );
    if (found.length || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('journey: webhooks', () => {
  it('an admin adds an endpoint for completed jobs, a job is completed, the receiver gets it signed with the secret the page showed once, and the page logs the delivery', async () => {
    const { adminAccount, admin, slug, worker, createJob } = await jobsScene(
      product.apiUrl,
      'Hook Line Builders',
    );
    // A path of this run's own, so a retried journey never reads an earlier run's requests.
    const path = `/fieldwork/${Date.now().toString(36)}`;

    // The portal link (platform §7) lands on the webhooks page.
    const { url } = await callApi<{ url: string }>(
      product.apiUrl,
      'GET',
      `/webhooks/portal_access_url?organisation_id=${admin.organisation.id}`,
      undefined,
      admin.token,
    );
    expect(url).toBe(`${product.webUrl}/organisations/${slug}/settings/webhooks`);

    const context = await newSession(browser.get(), product);
    const page = await context.newPage();
    await signIn(page, adminAccount);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhooks yet').waitFor();

    // Add the endpoint: its address, a note, and the one event.
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('Endpoint URL').fill('ftp://nowhere');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.getByText('Must be an http(s) address').waitFor();
    await dialog.getByText('Choose at least one event').waitFor();
    await dialog.getByLabel('Endpoint URL').fill(`${receiverUrl}${path}`);
    await dialog.getByLabel('Description').fill('Our ERP');
    await dialog.getByRole('checkbox', { name: 'Job completed' }).check();
    await captureScreens(page, 'webhooks-add');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    // The secret, shown once.
    const secretBox = page.getByTestId('webhook-secret');
    await secretBox.waitFor();
    const secret = ((await secretBox.textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await captureScreens(page, 'webhooks-secret');
    await page.getByRole('button', { name: 'I have copied the secret' }).click();
    await page.getByRole('link', { name: `${receiverUrl}${path}` }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await captureScreens(page, 'webhooks-list');

    // A job completed (through the API, as the field app would).
    const job = await createJob({ operative_id: worker.id, reference: 'Roof hatch' });
    await admin.organisationCall('POST', `/jobs/${job.id}/start_on_web`);
    await admin.organisationCall('POST', `/jobs/${job.id}/complete`);

    // The receiver has it, signed with the secret the page showed.
    const [hit] = await eventsAt(path, 'job.completed');
    expect(hit, 'the receiver got the job.completed event').toBeDefined();
    const header = String(hit!.headers['fieldwork-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${hit!.body}`).digest('hex'));
    const event = JSON.parse(hit!.body) as { id: string; type: string; data: { id: string } };
    expect(event).toMatchObject({ type: 'job.completed', data: { id: job.id } });
    expect(hit!.headers['fieldwork-event-id']).toBe(event.id);

    // The endpoint's page logs the delivery.
    await page.getByRole('link', { name: `${receiverUrl}${path}` }).click();
    const log = page.getByTestId('delivery-log');
    await log.getByText('Job completed').waitFor();
    await log.getByText('Delivered').waitFor({ timeout: 30_000 });
    await captureScreens(page, 'webhooks-delivery-log');

    // A test event from the page, logged too.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await log.getByText('Test event').waitFor();
    expect((await eventsAt(path, 'ping')).length).toBe(1);
    await context.close();
  });
});
