import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

/** Replaces fetch with a stub answering `respond()`; returns the calls it received. */
export function stubFetch(respond: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: RecordedCall = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
    };
    calls.push(call);
    return respond(call);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

export function errorResponse(status: number, type: string, extra: Record<string, unknown> = {}) {
  return jsonResponse(
    { type, message: `${type} happened`, status, code: 'SOME_CODE', ...extra },
    status,
  );
}

/** The JSON body a recorded call sent (undefined when it sent none or not JSON text). */
export function jsonBodyOf(call: RecordedCall | undefined): unknown {
  return typeof call?.body === 'string' ? (JSON.parse(call.body) as unknown) : undefined;
}

/** Path and query of a call below the organisation (or below the API root for core calls), decoded. */
export function pathBelow(call: RecordedCall, organisationId: string): string {
  return decodeURIComponent(
    call.url
      .replace(`http://api.test/organisations/${organisationId}`, '')
      .replace('http://api.test', ''),
  );
}

/** The calls with `method` to a path below the organisation: exactly `path`, or matching it. */
export function callsBelow(
  calls: RecordedCall[],
  organisationId: string,
  method: string,
  path: string | RegExp,
) {
  return calls.filter((call) => {
    const below = pathBelow(call, organisationId);
    return call.method === method && (typeof path === 'string' ? below === path : path.test(below));
  });
}
