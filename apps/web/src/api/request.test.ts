import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAccessToken } from '../session/persisted-session';
import { session } from '../session/session-state';
import { errorResponse, jsonResponse, stubFetch } from '../test/fetch-stub';
import { configureApi } from './api-config';
import { ApiError, UnauthorizedError } from './errors';
import { request } from './request';

const ORGANISATION_ID = '0123456789abcdef01234567';

beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test/' });
  session.update({
    tokenGetter: () => 'token-1',
    tokenRenewer: null,
    organisationId: ORGANISATION_ID,
  });
});

describe('request: clients and urls', () => {
  it('sends organisation requests below /organisations/{organisationId} with the bearer token', async () => {
    const calls = stubFetch(() => jsonResponse({ data: [] }));
    await expect(request({ method: 'get', url: '/clients' })).resolves.toEqual({ data: [] });
    expect(calls[0]?.url).toBe(`http://api.test/organisations/${ORGANISATION_ID}/clients`);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(calls[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('sends core requests to the backend root with the bearer token', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    await request({ method: 'get', url: '/me/context', client: 'core' });
    expect(calls[0]?.url).toBe('http://api.test/me/context');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('sends public requests without credentials', async () => {
    const calls = stubFetch(() => jsonResponse({ accessToken: 'abc' }));
    const body = { email: 'a@b.test', password: 'secret' };
    await request({ method: 'post', url: '/auth/web', client: 'public', body });
    expect(calls[0]?.url).toBe('http://api.test/auth/web');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toBe(JSON.stringify(body));
  });

  it('refuses an organisation request before an organisation is chosen', async () => {
    session.update({ organisationId: null });
    stubFetch(() => jsonResponse({}));
    await expect(request({ method: 'get', url: '/clients' })).rejects.toThrow(
      'organisation id has not been set',
    );
  });

  it('awaits an asynchronous token getter and passes extra headers', async () => {
    session.update({ tokenGetter: async () => 'async-token' });
    const calls = stubFetch(() => jsonResponse({}));
    await request({ method: 'get', url: '/x', headers: { 'X-Request-Id': 'r1' } });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer async-token');
    expect(calls[0]?.headers.get('X-Request-Id')).toBe('r1');
  });

  it('reads the stored token when no token getter is registered', async () => {
    session.update({ tokenGetter: null });
    saveAccessToken('stored-token', { rememberMe: false });
    const calls = stubFetch(() => jsonResponse({}));
    await request({ method: 'get', url: '/me/context', client: 'core' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
  });

  it('fails with "No access token found" when no token is stored', async () => {
    session.update({ tokenGetter: null });
    stubFetch(() => jsonResponse({}));
    await expect(request({ method: 'get', url: '/me/context', client: 'core' })).rejects.toThrow(
      'No access token found',
    );
  });
});

describe('request: query strings and bodies', () => {
  it('appends the list query to get urls, leaving out undefined and empty filters', async () => {
    const calls = stubFetch(() => jsonResponse({ data: [] }));
    await request({
      method: 'get',
      url: '/clients',
      query: {
        filter: { search: 'acme', archived: false, owner_id: undefined, name: '' },
        sort: '-project_count',
        page: { number: 2, size: 25 },
      },
    });
    expect(calls[0]?.url).toBe(
      `http://api.test/organisations/${ORGANISATION_ID}/clients?filter[search]=acme&filter[archived]=false&sort=-project_count&page[number]=2&page[size]=25`,
    );
  });

  it('appends the query to delete urls and sends the body as data', async () => {
    const calls = stubFetch(() => jsonResponse({ deleted: ['a'], failed: [] }));
    await request({
      method: 'delete',
      url: '/clients/delete_many',
      query: 'force=true',
      body: { ids: ['a'] },
    });
    expect(calls[0]?.url).toMatch(/\/clients\/delete_many\?force=true$/);
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.body).toBe(JSON.stringify({ ids: ['a'] }));
  });

  it('does not append the query to post urls', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    await request({ method: 'post', url: '/clients', query: 'force=true', body: { name: 'A' } });
    expect(calls[0]?.url).toMatch(/\/clients$/);
  });

  it('never sends a body with get', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    await request({ method: 'get', url: '/clients', body: { ignored: true } });
    expect(calls[0]?.body).toBeUndefined();
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    const form = new FormData();
    form.append('file', 'content');
    await request({ method: 'post', url: '/files', body: form });
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('returns undefined for 204 No Content', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(request({ method: 'delete', url: '/clients/1' })).resolves.toBeUndefined();
  });

  it('passes network failures through unchanged', async () => {
    const failure = new TypeError('Failed to fetch');
    stubFetch(() => Promise.reject(failure));
    await expect(request({ method: 'get', url: '/clients' })).rejects.toBe(failure);
  });
});

describe('request: the auth-error handler', () => {
  it('is called on a 401 from the organisation and core clients', async () => {
    const handler = vi.fn();
    session.update({ authErrorHandler: handler });
    stubFetch(() => errorResponse(401, 'Unauthorized'));
    await expect(request({ method: 'get', url: '/clients' })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    await expect(request({ method: 'get', url: '/me/context', client: 'core' })).rejects.toThrow();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler.mock.calls[0]?.[0]).toBeInstanceOf(UnauthorizedError);
  });

  it('is called on a 401 whatever its body type', async () => {
    const handler = vi.fn();
    session.update({ authErrorHandler: handler });
    stubFetch(() => new Response('nope', { status: 401 }));
    await expect(request({ method: 'get', url: '/clients' })).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('is not called on a 401 from the public client (a wrong password)', async () => {
    const handler = vi.fn();
    session.update({ authErrorHandler: handler });
    stubFetch(() => errorResponse(401, 'Unauthorized'));
    await expect(
      request({ method: 'post', url: '/auth/web', client: 'public', body: {} }),
    ).rejects.toThrow('Unauthorized happened');
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('request: a refused access token', () => {
  it('is renewed once and the call sent again with the new token', async () => {
    const handler = vi.fn();
    const renewer = vi.fn(async () => 'token-2');
    session.update({ authErrorHandler: handler, tokenRenewer: renewer });
    const calls = stubFetch((call) =>
      call.headers.get('Authorization') === 'Bearer token-2'
        ? jsonResponse({ ok: true })
        : errorResponse(401, 'Unauthorized'),
    );
    await expect(
      request({ method: 'post', url: '/clients', body: { name: 'A' } }),
    ).resolves.toEqual({ ok: true });
    expect(renewer).toHaveBeenCalledWith('token-1');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toBe(JSON.stringify({ name: 'A' }));
    expect(handler).not.toHaveBeenCalled();
  });

  it('calls the auth-error handler when no new token can be had, without sending again', async () => {
    const handler = vi.fn();
    session.update({ authErrorHandler: handler, tokenRenewer: async () => null });
    const calls = stubFetch(() => errorResponse(401, 'Unauthorized'));
    await expect(request({ method: 'get', url: '/clients' })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(calls).toHaveLength(1);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a renewed token refused again ends in the auth-error handler', async () => {
    const handler = vi.fn();
    const renewer = vi.fn(async () => 'token-2');
    session.update({ authErrorHandler: handler, tokenRenewer: renewer });
    const calls = stubFetch(() => errorResponse(401, 'Unauthorized'));
    await expect(request({ method: 'get', url: '/clients' })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(renewer).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
