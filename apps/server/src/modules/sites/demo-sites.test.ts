import type { Organisation } from '@fieldwork/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, startTestApp, type TestApp } from '../../../test/harness';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SITES, seedDemo } from '../../seed/demo';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
  await seedDemo(test.platform);
});
afterAll(() => test.close());

it('seeds the demo organisation with sites that have a full address and coordinates', async () => {
  const signedIn = await client(test.app).post('/auth/web', {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  const dana = client(test.app, signedIn.body.accessToken as string);
  const context = (await dana.get('/me/context')).body as { organisations: Organisation[] };
  const demo = context.organisations.find((o) => o.name === 'Demo Construction Ltd')!;
  const sites = (await dana.get(`/organisations/${demo.id}/sites?sort=name`)).body.data;
  expect(sites.map((site: { name: string }) => site.name)).toEqual(
    DEMO_SITES.map((site) => site.name).sort(),
  );
  expect(sites[0]).toMatchObject({
    name: 'Holbeck Works',
    full_address: 'Marshall Street, Leeds, LS11 9YJ, United Kingdom',
    coordinates: { lat: 53.7906, lng: -1.5532 },
    country: { iso_code: 'GB', name: 'United Kingdom' },
  });
});
