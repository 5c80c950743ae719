import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/platform/ids';
import { organisationApp } from '../harness';

const { test, org } = organisationApp('Body Input Org');

const CATALOGUE_KEYS = ['code', 'message', 'status', 'type'];
const unknownOf = (body: { errors: { field: string; code: string }[] }) =>
  body.errors.filter((error) => error.code === 'unknown_field').map((error) => error.field);

describe('a write body carrying a key the call does not take', () => {
  it('is refused with a 422 naming the key, and nothing is written', async () => {
    const refused = await org.api.post('/clients', { name: 'Typo Ltd', nmae: 'Typo Ltd' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ type: 'Validation Failure', code: 'validation_failed' });
    expect(refused.body.errors).toEqual([
      { field: 'nmae', message: 'Not a field this call takes.', code: 'unknown_field' },
    ]);
    expect(refused.body.message).toContain('nmae');
    expect((await org.api.get('/clients?filter[name]=Typo Ltd')).body.meta.total).toBe(0);

    // Named together with the other fields' failures.
    const both = await org.api.post('/clients', { name: '', colour: 'red' });
    expect(both.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'colour',
      'name',
    ]);
  });

  it('is named by its path when nested, and on routes that take no body', async () => {
    const form = (await org.api.post('/forms', { name: 'Nested keys' })).body.data;
    const nested = await org.api.put(`/forms/new/${form.id}`, {
      name: 'Nested keys',
      sections: [{ name: 'A', fields: [{ name: 'Notes', type: 'TEXT', colour: 'red' }] }],
    });
    expect(nested.status).toBe(422);
    expect(unknownOf(nested.body)).toEqual(['sections.0.fields.0.colour']);

    const client = (await org.api.post('/clients', { name: 'Archived Ltd' })).body.data;
    const archive = await org.api.post(`/clients/${client.id}/archive`, { reason: 'old' });
    expect(archive.status).toBe(422);
    expect(unknownOf(archive.body)).toEqual(['reason']);
    expect((await org.api.post(`/clients/${client.id}/archive`, {})).status).toBe(200);
  });

  it('accepts a GET answer sent back: ids, timestamps, counts, names and expansions are ignored', async () => {
    const client = (await org.api.post('/clients', { name: 'Roundtrip Ltd' })).body.data;
    const project = (await org.api.post('/projects', { name: 'Roundtrip', client_id: client.id }))
      .body.data;
    const read = await org.api.get(
      `/projects/${project.id}?expand[]=client&expand[]=owner&expand[]=location_statuses`,
    );
    expect(read.body.data).toHaveProperty('client_name', 'Roundtrip Ltd');
    const back = await org.api.put(`/projects/${project.id}`, {
      ...read.body.data,
      name: 'Roundtrip 2',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ name: 'Roundtrip 2', id: project.id });

    // An account call's answer names its record by one key ({organisation}).
    const organisation = (await org.api.get('/organisation')).body.organisation;
    const renamed = await org.api.put('/organisation', { ...organisation, name: 'Body Input 2' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.organisation.name).toBe('Body Input 2');

    // A whole form, nested sections and fields with their ids and timestamps, saved as read.
    const created = await org.api.post('/forms', {
      name: 'Roundtrip form',
      sections: [
        { name: 'A', fields: [{ name: 'Choice', type: 'SELECT', options: [{ name: 'Yes' }] }] },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const form = (await org.api.get(`/forms/${created.body.data.id}`)).body.data;
    const saved = await org.api.put(`/forms/new/${form.id}`, form);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.sections).toEqual(form.sections.map(() => expect.anything()));
    expect(saved.body.data.sections[0].fields[0].id).toBe(form.sections[0].fields[0].id);
  });

  it('keeps multipart bodies (text fields and files) and a POSTed list query with expand working', async () => {
    const boundary = 'x' + newId();
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n` +
      `${file ? 'Content-Type: text/plain\r\n' : ''}\r\n${value}\r\n`;
    const send = (body: string) =>
      test.app.inject({
        method: 'POST',
        url: `/organisations/${org.id}/qualifications`,
        headers: {
          authorization: `Bearer ${org.owner.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body + `--${boundary}--\r\n`,
      });
    const fields =
      part('user_id', org.owner.userId) + part('name', 'First aid') + part('files', 'one', 'a.txt');
    const created = await send(fields);
    expect(created.statusCode, created.body).toBe(201);
    const unknown = await send(fields + part('colour', 'red'));
    expect(unknown.statusCode).toBe(422);
    expect(unknownOf(unknown.json())).toEqual(['colour']);

    const listed = await org.api.post('/jobs/experimental/get', { expand: ['project'] });
    expect(listed.status).toBe(200);
  });
});

describe('at the transport edge', () => {
  const post = (headers: Record<string, string>, payload: Buffer | string) =>
    test.app.inject({
      method: 'POST',
      url: `/organisations/${org.id}/clients`,
      headers: {
        authorization: `Bearer ${org.owner.token}`,
        'content-type': 'application/json',
        ...headers,
      },
      payload,
    });

  it('refuses a body labelled gzip that is not gzip with a 400, and reads one that is', async () => {
    const garbage = await post({ 'content-encoding': 'gzip' }, '{"name":"Plain Ltd"}');
    expect(garbage.statusCode).toBe(400);
    expect(Object.keys(garbage.json()).sort()).toEqual(CATALOGUE_KEYS);
    expect(garbage.json()).toMatchObject({ code: 'bad_content_encoding' });
    expect((await org.api.get('/clients?filter[name]=Plain Ltd')).body.meta.total).toBe(0);

    const zipped = await post(
      { 'content-encoding': 'gzip' },
      gzipSync(JSON.stringify({ name: 'Zipped Ltd' })),
    );
    expect(zipped.statusCode, zipped.body).toBe(201);
    expect(zipped.json().data.name).toBe('Zipped Ltd');

    const unknown = await post({ 'content-encoding': 'zstd' }, '{"name":"Z"}');
    expect(unknown.statusCode).toBe(415);
    expect(Object.keys(unknown.json()).sort()).toEqual(CATALOGUE_KEYS);
  });

  it('answers an oversized header with a 431 in the catalogue shape', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; type: string; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/healthz',
            headers: { 'x-padding': 'x'.repeat(64 * 1024) },
          },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                type: String(response.headers['content-type']),
                body,
              }),
            );
          },
        );
        request.on('error', reject);
        request.end();
      },
    );
    expect(answer.status).toBe(431);
    expect(answer.type).toContain('application/json');
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(CATALOGUE_KEYS);
    expect(body).toMatchObject({ status: 431, code: 'headers_too_large' });
  });
});
