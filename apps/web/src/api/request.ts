import { readAccessToken } from '../session/persisted-session';
import { session } from '../session/session-state';
import { clientBaseUrl, isAuthenticatedClient } from './api-config';
import type { ClientKind } from './api-config';
import { errorFromResponse } from './errors';
import { appendQuery } from './list-query';
import type { ListQuery } from './list-query';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestOptions {
  method: HttpMethod;
  /** Path below the client's base, e.g. "/clients/123". */
  url: string;
  body?: unknown;
  /** Defaults to the organisation client. */
  client?: ClientKind;
  headers?: Record<string, string>;
  /** Appended to the url for get and delete (a list query or a ready query string). */
  query?: ListQuery | string;
  /** Aborts the request, e.g. when a newer search replaces it. */
  signal?: AbortSignal;
  /** 'blob' answers a successful body as its bytes (an image the API redirects to). */
  responseType?: 'json' | 'blob';
}

/**
 * The one way the app talks to the API (spec/platform.md §7). Returns the parsed response body
 * (undefined for an empty answer); failures are thrown as the error classes of §8.
 */
export async function request<T = unknown>(options: RequestOptions): Promise<T> {
  const client = options.client ?? 'organisation';
  const appendsQuery = options.method === 'get' || options.method === 'delete';
  const url = `${clientBaseUrl(client)}${appendsQuery ? appendQuery(options.url, options.query) : options.url}`;

  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const authenticated = isAuthenticatedClient(client);
  let bearer = '';
  if (authenticated) {
    bearer = await currentBearer();
    headers.set('Authorization', `Bearer ${bearer}`);
  }
  const body = encodeBody(options.method, options.body, headers);
  const send = () =>
    fetch(url, { method: options.method.toUpperCase(), headers, body, signal: options.signal });

  let response = await send();
  if (response.status === 401 && authenticated) {
    // An access token the API refuses is renewed with the refresh token and the call sent once more.
    const renewed = await session.get().tokenRenewer?.(bearer);
    if (renewed) {
      headers.set('Authorization', `Bearer ${renewed}`);
      response = await send();
    }
  }
  if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
  const responseBody = await readBody(response);
  if (response.ok) return responseBody as T;

  const error = errorFromResponse(response.status, response.statusText, responseBody);
  if (response.status === 401 && authenticated) {
    session.get().authErrorHandler?.(error);
  }
  throw error;
}

/** The access token a call sends now (the session's getter renews one that is about to expire). */
export function currentBearer(): Promise<string> | string {
  const getToken = session.get().tokenGetter ?? readAccessToken;
  return getToken();
}

/** FormData goes as multipart (the browser sets the boundary); anything else as JSON. */
function encodeBody(method: HttpMethod, body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || method === 'get') return undefined;
  if (body instanceof FormData) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // A broken success body is a real failure; a broken error body still yields its status.
    if (response.ok) throw error;
    return text;
  }
}
