import { expect } from 'vitest';
import type { OrganisationFixture, Reply, TestApp } from '../../../test/harness';
import { newId } from '../../platform/ids';

/** Test helpers for people, teams and qualifications (imported by their tests only). */

export async function addProject(test: TestApp, organisation: OrganisationFixture, name: string) {
  const id = newId();
  await test.platform.db.query(
    `INSERT INTO projects (id, organisation_id, name) VALUES ($1, $2, $3)`,
    [id, organisation.id, name],
  );
  return id;
}

/** The newest e-mail to an address, as queued in the outbox. */
export async function lastMail(test: TestApp, to: string) {
  const { rows } = await test.platform.db.query<{
    subject: string;
    text_body: string;
    html_body: string | null;
  }>(
    `SELECT subject, text_body, html_body FROM outbox_emails WHERE to_address = $1
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [to],
  );
  expect(rows[0], `an e-mail to ${to}`).toBeDefined();
  return rows[0]!;
}

export async function mailCount(test: TestApp, to: string) {
  const { rows } = await test.platform.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = $1`,
    [to],
  );
  return rows[0]!.n;
}

/** The token of the newest link of a kind e-mailed to an address. */
export async function mailedToken(test: TestApp, to: string, kind = 'membership-invite') {
  const mail = await lastMail(test, to);
  const match = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`).exec(mail.text_body);
  expect(match, mail.text_body).not.toBeNull();
  return match![1]!;
}

export async function auditActions(test: TestApp, documentId: string) {
  const { rows } = await test.platform.db.query<{ action: string }>(
    `SELECT action FROM audit_entries WHERE document_id = $1 ORDER BY performed_at, id`,
    [documentId],
  );
  return rows.map((row) => row.action);
}

/** A multipart/form-data body as the browser sends it. */
export function multipartBody(
  fields: Record<string, string | string[]>,
  files: Array<{ field?: string; name: string; type?: string; content: Buffer | string }> = [],
) {
  const boundary = `----fieldwork${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const push = (text: string) => chunks.push(Buffer.from(text));
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`);
    }
  }
  for (const file of files) {
    push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    );
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    push('\r\n');
  }
  push(`--${boundary}--\r\n`);
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends a multipart body through inject and parses the JSON answer. */
export async function sendMultipart(
  test: TestApp,
  token: string,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  body: ReturnType<typeof multipartBody>,
): Promise<Reply> {
  const response = await test.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json<unknown>(), headers: response.headers };
}

/** POSTs a multipart body of fields and one `file` to an organisation's path as the token's holder. */
export function postFile(
  test: TestApp,
  org: OrganisationFixture,
  path: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer; type?: string },
  token = org.owner.token,
): Promise<Reply> {
  return sendMultipart(
    test,
    token,
    'POST',
    `/organisations/${org.id}${path}`,
    multipartBody(fields, [{ field: 'file', ...file }]),
  );
}
