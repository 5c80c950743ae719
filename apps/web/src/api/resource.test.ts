import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session-state';
import { errorResponse, jsonResponse, stubFetch } from '../test/fetch-stub';
import { configureApi } from './api-config';
import { ConflictError } from './errors';
import { recordPath, resourceApi } from './resource';

const ORGANISATION = '0123456789abcdef01234567';
const BASE = `http://api.test/organisations/${ORGANISATION}/clients`;
const clients = resourceApi<{ id: string; name: string }, { name: string }>('clients');

beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test' });
  session.update({ tokenGetter: () => 't', organisationId: ORGANISATION });
});

describe('resourceApi', () => {
  it('lists with the list query', async () => {
    const page = { data: [], meta: { total: 0, current_page: 1, per_page: 25, last_page: 1 } };
    const calls = stubFetch(() => jsonResponse(page));
    await expect(clients.list({ filter: { archived: false }, sort: 'name' })).resolves.toEqual(
      page,
    );
    expect(calls[0]?.url).toBe(`${BASE}?filter[archived]=false&sort=name`);
  });

  it('fails a list answer that carries no list, rather than handing it to the screen', async () => {
    stubFetch(() => jsonResponse({ data: { id: 'x' } }));
    await expect(clients.list({})).rejects.toThrow('The server sent no list of clients');
  });

  it('creates, updates and archives, unwrapping {data}', async () => {
    const record = { id: 'c1', name: 'Acme' };
    const calls = stubFetch(() => jsonResponse({ data: record }));
    await expect(clients.create({ name: 'Acme' })).resolves.toEqual(record);
    await expect(clients.update('c1', { name: 'Acme' })).resolves.toEqual(record);
    await expect(clients.setArchived('c1', true)).resolves.toEqual(record);
    await expect(clients.setArchived('c1', false)).resolves.toEqual(record);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${BASE}`,
      `PUT ${BASE}/c1`,
      `POST ${BASE}/c1/archive`,
      `POST ${BASE}/c1/unarchive`,
    ]);
  });

  it('deletes, with ?force=true when forced, and passes a 409 on as a ConflictError', async () => {
    const calls = stubFetch((call) =>
      call.url.endsWith('force=true')
        ? new Response(null, { status: 204 })
        : errorResponse(409, 'Conflict'),
    );
    await expect(clients.remove('c1')).rejects.toBeInstanceOf(ConflictError);
    await expect(clients.remove('c1', { force: true })).resolves.toBeUndefined();
    expect(calls.map((call) => call.url)).toEqual([`${BASE}/c1`, `${BASE}/c1?force=true`]);
  });

  it('runs the _many verbs and reports per-id outcomes', async () => {
    const failed = [{ id: 'c2', reason: 'Client has projects', code: 'HAS_PROJECTS' }];
    const calls = stubFetch((call) => {
      if (call.url.includes('archive_many') && !call.url.includes('unarchive'))
        return jsonResponse({ archived: ['c1'], failed: [] });
      if (call.url.includes('unarchive_many'))
        return jsonResponse({ unarchived: ['c1'], failed: [] });
      return jsonResponse({ deleted: ['c1'], failed });
    });
    await expect(clients.bulk('archive', ['c1'])).resolves.toEqual({
      succeeded: ['c1'],
      failed: [],
    });
    await expect(clients.bulk('unarchive', ['c1'])).resolves.toEqual({
      succeeded: ['c1'],
      failed: [],
    });
    await expect(clients.bulk('delete', ['c1', 'c2'], { force: true })).resolves.toEqual({
      succeeded: ['c1'],
      failed,
    });
    expect(calls.map((call) => `${call.method} ${call.url} ${call.body as string}`)).toEqual([
      `POST ${BASE}/archive_many {"ids":["c1"]}`,
      `POST ${BASE}/unarchive_many {"ids":["c1"]}`,
      `DELETE ${BASE}/delete_many?force=true {"ids":["c1","c2"]}`,
    ]);
  });

  it('serves a nested resource under its parent record: whole list, reorder, delete with a query', async () => {
    const folders = resourceApi<{ id: string }, { name: string }>('folders', {
      parent: recordPath('projects', 'p/1'),
    });
    const nested = `http://api.test/organisations/${ORGANISATION}/projects/p%2F1/folders`;
    const calls = stubFetch((call) =>
      call.method === 'GET'
        ? jsonResponse({
            data: [{ id: 'f1' }],
            meta: { total: 1, current_page: 1, per_page: 1, last_page: 1 },
          })
        : call.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : jsonResponse({ reordered: ['f2', 'f1'], failed: [] }),
    );
    await expect(folders.all()).resolves.toEqual([{ id: 'f1' }]);
    await expect(folders.reorder(['f2', 'f1'])).resolves.toEqual({
      reordered: ['f2', 'f1'],
      failed: [],
    });
    await folders.remove('f1', { query: { replacementId: 'f2' }, force: true });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${nested}?page=all`,
      `POST ${nested}/reorder`,
      `DELETE ${nested}/f1?replacementId=f2&force=true`,
    ]);
    expect(calls[1]?.body).toBe(JSON.stringify({ ids: ['f2', 'f1'] }));
  });

  it("posts a record action and reads a record's part, unwrapping {data}", async () => {
    const calls = stubFetch(() => jsonResponse({ data: { id: 'c1', name: 'Moved' } }));
    await expect(clients.act('c 1', 'move', { client_id: 'c2' })).resolves.toEqual({
      id: 'c1',
      name: 'Moved',
    });
    await clients.getPart('c1', 'activity');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${BASE}/c%201/move`,
      `GET ${BASE}/c1/activity`,
    ]);
    expect(calls[0]?.body).toBe(JSON.stringify({ client_id: 'c2' }));
  });

  it('calls any verb the same way: a record verb with its method, a collection verb, an overview', async () => {
    const members = resourceApi<{ id: string }, never>('members');
    const calls = stubFetch((call) =>
      call.url.includes('/role')
        ? jsonResponse({ data: { id: 'm1' } })
        : call.url.includes('invite')
          ? new Response(null, { status: 204 })
          : jsonResponse({ active: [], inactive: [], invited: [] }),
    );
    await expect(members.act('m1', 'role', { role: 'ADMIN' }, { method: 'put' })).resolves.toEqual({
      id: 'm1',
    });
    await expect(members.actOn('invite', { email: 'a@b.co' })).resolves.toBeUndefined();
    await expect(members.act('m1', 'resend_invite')).resolves.toBeUndefined();
    await expect(members.overview()).resolves.toEqual({ active: [], inactive: [], invited: [] });
    const base = `http://api.test/organisations/${ORGANISATION}/members`;
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `PUT ${base}/m1/role`,
      `POST ${base}/invite`,
      `POST ${base}/m1/resend_invite`,
      `GET ${base}`,
    ]);
  });

  it('restores many, deletes many with force in the url, and reads select options', async () => {
    const calls = stubFetch((call) =>
      call.url.includes('select_options')
        ? jsonResponse({ data: [{ id: 'c1', name: 'Acme', archived_at: null }] })
        : call.url.includes('restore_many')
          ? jsonResponse({ restored: ['c1'], failed: [] })
          : jsonResponse({ deleted: [], failed: [] }),
    );
    await expect(clients.bulk('restore', ['c1'])).resolves.toEqual({
      succeeded: ['c1'],
      failed: [],
    });
    await clients.bulk('delete', ['c1'], { force: true });
    await expect(clients.selectOptions()).resolves.toEqual([
      { id: 'c1', name: 'Acme', archived_at: null },
    ]);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${BASE}/restore_many`,
      `DELETE ${BASE}/delete_many?force=true`,
      `GET http://api.test/organisations/${ORGANISATION}/select_options/clients`,
    ]);
  });

  it('sends a multipart body as it is, for entities that take files with a create or update', async () => {
    const calls = stubFetch(() => jsonResponse({ data: { id: 'c1', name: 'Acme' } }));
    const body = new FormData();
    body.append('name', 'Acme');
    await clients.create(body);
    await clients.update('c1', body);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${BASE}`,
      `PUT ${BASE}/c1`,
    ]);
    expect(calls[0]?.body).toBe(body);
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('posts a multipart body to a collection verb and reads a part: the CSV imports', async () => {
    const imports = resourceApi<never, never>('sites_csv', { parent: '/import_file' });
    const calls = stubFetch(() => jsonResponse({ url: 'https://files.test/t.csv' }));
    const body = new FormData();
    body.append('file', new File(['name\n'], 'sites.csv'));
    await imports.actOn('summary', body);
    await expect(imports.overview('template_url')).resolves.toEqual({
      url: 'https://files.test/t.csv',
    });
    const base = `http://api.test/organisations/${ORGANISATION}/import_file/sites_csv`;
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${base}/summary`,
      `GET ${base}/template_url`,
    ]);
    expect(calls[0]?.body).toBe(body);
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('reads an overview with a query and lets its signal abort it', async () => {
    const search = resourceApi<never, never>('search');
    const calls = stubFetch(() => jsonResponse({ clients: [] }));
    await expect(search.overview(undefined, 'term=ac')).resolves.toEqual({ clients: [] });
    expect(calls[0]?.url).toBe(`http://api.test/organisations/${ORGANISATION}/search?term=ac`);
    const aborted = new AbortController();
    aborted.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) =>
        init.signal?.aborted
          ? Promise.reject(new DOMException('aborted', 'AbortError'))
          : Promise.resolve(jsonResponse({})),
      ),
    );
    await expect(search.overview(undefined, 'term=ac', aborted.signal)).rejects.toThrow('aborted');
  });

  it('serves a user-level resource on the core client', async () => {
    const keys = resourceApi<{ id: string }, { name: string }>('api_keys', { client: 'core' });
    const calls = stubFetch(() => jsonResponse({ data: { id: 'k1' } }));
    await keys.create({ name: 'CI' });
    expect(calls[0]?.url).toBe('http://api.test/api_keys');
  });
});
