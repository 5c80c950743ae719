import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import {
  createOrganisation,
  startTestApp,
  type OrganisationFixture,
  type TestApp,
} from './harness';

let test: TestApp;
let org: OrganisationFixture;
beforeAll(async () => {
  test = await startTestApp();
  org = await createOrganisation(test.app);
});
afterAll(() => test.close());

const CATALOGUE_KEYS = ['code', 'message', 'status', 'type'];

describe('every failure leaves in the catalogue shape, never as a 500', () => {
  it('malformed JSON is a 400', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/organisations/${org.id}/clients`,
      headers: { authorization: `Bearer ${org.owner.token}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(CATALOGUE_KEYS);
    expect(response.json()).toMatchObject({ type: 'Bad Request', code: 'malformed_json' });
  });

  it('an oversized body is a 413, an unsupported content type a 415', async () => {
    const big = await test.app.inject({
      method: 'POST',
      url: `/organisations/${org.id}/clients`,
      headers: { authorization: `Bearer ${org.owner.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES + 10) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ type: 'Payload Too Large', status: 413 });
    const xml = await test.app.inject({
      method: 'POST',
      url: `/organisations/${org.id}/clients`,
      headers: { authorization: `Bearer ${org.owner.token}`, 'content-type': 'application/xml' },
      payload: '<client/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(Object.keys(xml.json()).sort()).toEqual(CATALOGUE_KEYS);
  });

  it('wrong types, arrays and nulls in place of objects are 422s naming the field', async () => {
    for (const payload of [
      [1, 2],
      null,
      'text',
      { name: ['a'] },
      { name: null },
      { name: 'ok', owner_id: 7 },
    ]) {
      const response = await org.api.post('/clients', payload);
      expect(response.status, JSON.stringify(payload)).toBe(422);
      expect(response.body.type).toBe('Validation Failure');
      expect(response.body.errors.length).toBeGreaterThan(0);
    }
  });

  it('unknown routes and methods are 404s in the same shape', async () => {
    const response = await org.api.get('/nothing-here');
    expect(response.status).toBe(404);
    expect(Object.keys(response.body).sort()).toEqual(CATALOGUE_KEYS);
    expect((await org.api.patch('/clients')).status).toBe(404);
  });

  it('values the database would reject are client errors, not 500s', async () => {
    const huge = await org.api.get('/clients?page[number]=9007199254740991&page[size]=1000');
    expect(huge.status).toBeLessThan(500);
    const weird = await org.api.get(`/clients?filter[name]=${encodeURIComponent('\u0000')}`);
    expect(weird.status).toBeLessThan(500);
    expect(JSON.stringify(weird.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers a request id header on every response', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.json()).toMatchObject({ status: 'ok' });
  });
});
