import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startTestApp, type Member, type TestApp } from '../../../test/harness';
import { AppError } from '../../platform/errors';
import { geocoderFromEnv, googleGeocoder, offlineGeocoder } from './geocoding';

/**
 * A local stand-in for Google's Geocoding API: it answers as Google does (status, results with
 * formatted_address and geometry.location) and records what it was asked.
 */
const API_KEY = 'test-maps-key';
const requests: URL[] = [];
let server: Server;
let endpoint: string;

const PLACES: Record<string, { formatted_address: string; lat: number; lng: number }> = {
  '1 riverside walk, leeds': {
    formatted_address: '1 Riverside Walk, Leeds LS1 4AP, UK',
    lat: 53.7946,
    lng: -1.5461,
  },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const answer = (body: unknown, status = 200) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== '/maps/api/geocode/json') return answer({ error: 'not here' }, 404);
    if (url.searchParams.get('key') !== API_KEY) {
      return answer({
        status: 'REQUEST_DENIED',
        error_message: 'The provided API key is invalid.',
      });
    }
    const address = (url.searchParams.get('address') ?? '').toLowerCase();
    if (address === 'server error') return answer({}, 500);
    const place = PLACES[address];
    if (!place) return answer({ status: 'ZERO_RESULTS', results: [] });
    return answer({
      status: 'OK',
      results: [
        {
          formatted_address: place.formatted_address,
          geometry: { location: { lat: place.lat, lng: place.lng }, location_type: 'ROOFTOP' },
          place_id: 'stand-in',
        },
      ],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/geocode/json`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the Google geocoder', () => {
  it('answers the coordinates Google gives, sending the address and key', async () => {
    const geocoder = googleGeocoder(API_KEY, endpoint);
    const coordinates = await geocoder.geocode('1 Riverside Walk, Leeds');
    expect(coordinates).toEqual({
      address: '1 Riverside Walk, Leeds',
      formatted_address: '1 Riverside Walk, Leeds LS1 4AP, UK',
      lat: 53.7946,
      lng: -1.5461,
    });
    const asked = requests.at(-1)!;
    expect(asked.searchParams.get('address')).toBe('1 Riverside Walk, Leeds');
    expect(asked.searchParams.get('key')).toBe(API_KEY);
  });

  it('is a 404 for an address Google cannot find, a 503 when Google refuses or fails', async () => {
    const geocoder = googleGeocoder(API_KEY, endpoint);
    const missing = await failure(geocoder.geocode('Nowhere at all'));
    expect([missing.status, missing.code]).toEqual([404, 'address_not_found']);
    const denied = await failure(googleGeocoder('wrong-key', endpoint).geocode('x'));
    expect([denied.status, denied.code]).toEqual([503, 'geocoding_failed']);
    expect(denied.message).toContain('REQUEST_DENIED');
    const broken = await failure(geocoder.geocode('server error'));
    expect([broken.status, broken.code]).toEqual([503, 'geocoding_unavailable']);
    const unreachable = await failure(
      googleGeocoder(API_KEY, 'http://127.0.0.1:1/maps/api/geocode/json').geocode('x'),
    );
    expect(unreachable.code).toBe('geocoding_unavailable');
  });

  it('is chosen by GOOGLE_MAPS_API_KEY; without it the offline geocoder says it is not configured', async () => {
    expect(geocoderFromEnv({})).toBe(offlineGeocoder);
    expect(geocoderFromEnv({ GOOGLE_MAPS_API_KEY: '  ' })).toBe(offlineGeocoder);
    expect(geocoderFromEnv({ GOOGLE_MAPS_API_KEY: API_KEY }).configured).toBe(true);
    const error = await failure(offlineGeocoder.geocode('anywhere'));
    expect([error.status, error.code]).toEqual([422, 'validation_failed']);
    expect(error.errors).toEqual([
      expect.objectContaining({ field: 'address', code: 'geocoding_not_configured' }),
    ]);
  });
});

describe('GET /googlemaps/address_to_coordinates', () => {
  let test: TestApp;
  let user: Member;
  const saved = { ...process.env };
  beforeAll(async () => {
    test = await startTestApp();
    user = await signUp(test.app);
  });
  afterAll(() => test.close());
  afterEach(() => {
    process.env.GOOGLE_MAPS_API_KEY = saved.GOOGLE_MAPS_API_KEY;
    process.env.GOOGLE_GEOCODING_URL = saved.GOOGLE_GEOCODING_URL;
    if (saved.GOOGLE_MAPS_API_KEY === undefined) delete process.env.GOOGLE_MAPS_API_KEY;
    if (saved.GOOGLE_GEOCODING_URL === undefined) delete process.env.GOOGLE_GEOCODING_URL;
  });

  const url = (address: string) =>
    `/googlemaps/address_to_coordinates?address=${encodeURIComponent(address)}`;

  it('says clearly that geocoding is not configured when there is no key', async () => {
    delete process.env.GOOGLE_MAPS_API_KEY;
    const response = await user.api.get(url('1 Riverside Walk, Leeds'));
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Geocoding is not configured on this server.');
    expect(response.body.errors[0]).toMatchObject({ code: 'geocoding_not_configured' });
  });

  it('answers coordinates through Google when GOOGLE_MAPS_API_KEY is set', async () => {
    process.env.GOOGLE_MAPS_API_KEY = API_KEY;
    process.env.GOOGLE_GEOCODING_URL = endpoint;
    const response = await user.api.get(url('1 Riverside Walk, Leeds'));
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ lat: 53.7946, lng: -1.5461 });
    const missing = await user.api.get(url('Nowhere at all'));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('address_not_found');
  });

  it('needs a signed-in user and an address', async () => {
    expect((await client(test.app).get(url('x'))).status).toBe(401);
    for (const query of ['', '?address=', '?address=%20%20', `?address=${'a'.repeat(501)}`]) {
      const response = await user.api.get(`/googlemaps/address_to_coordinates${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.errors[0].field).toBe('query.address');
    }
  });
});
