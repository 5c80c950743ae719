import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createOrganisation,
  startTestApp,
  type OrganisationFixture,
  type TestApp,
} from '../harness';

/**
 * A client that goes away in the middle of a streamed list (page=all) ends the list's reading:
 * the cursor closes and the request's transaction ends, so its database connection serves the
 * next request, instead of the stream waiting for ever for a socket that will never drain.
 */
const ROWS = 40_000; // about 14 MB of JSON: more than the loopback socket buffers hold
let test: TestApp;
let organisation: OrganisationFixture;
let address: URL;
beforeAll(async () => {
  test = await startTestApp();
  organisation = await createOrganisation(test.app, 'Stream Disconnect Org');
  await test.platform.db.query(
    `INSERT INTO clients (id, organisation_id, owner_id, name)
     SELECT substr(md5('gone' || i || $1), 1, 24), $1, $2, 'Client ' || lpad(i::text, 6, '0')
       FROM generate_series(1, $3) AS i`,
    [organisation.id, organisation.owner.userId, ROWS],
  );
  address = new URL(await test.app.listen({ port: 0, host: '127.0.0.1' }));
}, 60_000);
afterAll(() => test.close());

/** Asks for page=all on a raw socket, reads the headers, stops reading, then hangs up. */
async function startAndAbandon(path: string) {
  const socket = connect(Number(address.port), address.hostname);
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${address.host}\r\nAuthorization: Bearer ${organisation.owner.token}\r\n\r\n`,
  );
  const head = await new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
    socket.once('error', reject);
  });
  socket.pause();
  // The server fills the socket's buffers and waits for them to drain.
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.destroy();
  return head;
}

it('frees the transaction of a page=all whose client hung up, and serves the next request', async () => {
  const path = `/organisations/${organisation.id}/clients?page=all`;
  const head = await startAndAbandon(path);
  expect(head).toMatch(/^HTTP\/1\.1 200/);

  const next = await fetch(
    `${address.origin}/organisations/${organisation.id}/clients?page[size]=1`,
    {
      headers: { authorization: `Bearer ${organisation.owner.token}` },
      signal: AbortSignal.timeout(10_000),
    },
  );
  expect(next.status).toBe(200);
  expect(((await next.json()) as { meta: { total: number } }).meta.total).toBe(ROWS);

  // A whole page=all still streams to the end afterwards.
  const whole = await fetch(`${address.origin}${path}`, {
    headers: { authorization: `Bearer ${organisation.owner.token}` },
    signal: AbortSignal.timeout(30_000),
  });
  expect(((await whole.json()) as { data: unknown[] }).data).toHaveLength(ROWS);
}, 60_000);
