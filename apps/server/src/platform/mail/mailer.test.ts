import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startTestApp, type TestApp } from '../../../test/harness';
import { createMailer } from './mailer';

interface Received {
  to: string[];
  raw: string;
}

let test: TestApp;
let smtp: SMTPServer;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  test = await startTestApp();
  test.platform.mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Fieldwork <no-reply@fieldwork.test>',
  });
});
afterAll(async () => {
  await test.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function waitFor<T>(probe: () => T | undefined, ms = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The outbox row's status once delivery has finished with it. */
async function settledStatus(address: string): Promise<string | undefined> {
  const started = Date.now();
  for (;;) {
    const { rows } = await test.platform.db.query<{ status: string }>(
      'SELECT status FROM outbox_emails WHERE to_address = $1',
      [address],
    );
    const status = rows[0]?.status;
    if (status !== 'PENDING' || Date.now() - started > 5000) return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mail over SMTP', () => {
  it('delivers a reset e-mail to a real SMTP server after the request commits', async () => {
    const member = await signUp(test.app);
    const response = await client(test.app).post('/password/request_reset_link', {
      email: member.email,
    });
    expect(response.status).toBe(202);
    const mail = await waitFor(() => received.find((item) => item.to.includes(member.email)));
    expect(mail.raw).toMatch(/Subject: Reset your Fieldwork password/);
    expect(mail.raw).toMatch(/From: Fieldwork <no-reply@fieldwork\.test>/);
    expect(mail.raw.replace(/=\r\n/g, '')).toMatch(/\/reset-password\/[\w-]{20,}/);
    expect(await settledStatus(member.email)).toBe('SENT');
  });

  it('without SMTP the e-mail is kept in the outbox and logged', async () => {
    test.platform.mailer = createMailer({ smtpUrl: undefined, mailFrom: 'x@y.z' });
    const member = await signUp(test.app);
    await client(test.app).post('/password/request_reset_link', { email: member.email });
    expect(await settledStatus(member.email)).toBe('LOGGED');
  });
});
