import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../src/modules';
import type { RouteDef } from '../src/platform/http/route';
import { createOrganisation, type Client, type TestApp, startTestApp } from './harness';

/**
 * Every list route (a GET declaring the list grammar, not one record) refuses each bad query
 * form with the same 400 catalogue body whether it pages or streams (page=all), i.e. before a
 * streamed answer's headers are sent.
 */
const listRoutes = allRoutes().filter(
  (def): def is RouteDef & { list: NonNullable<RouteDef['list']> } =>
    def.method === 'GET' && def.list !== undefined && !/\/:\w+$/.test(def.path),
);
const UNKNOWN = 'zz_unknown';
const badForms: Record<string, string> = {
  filter: `filter[${UNKNOWN}]=1`,
  sort: `sort=${UNKNOWN}`,
  expand: `expand[]=${UNKNOWN}`,
  sum: `sum=${UNKNOWN}`,
};
const modes: Record<string, string> = { paged: 'page[number]=1&page[size]=5', all: 'page=all' };
/** Parameters of nested paths get an id that names nothing: the query is checked first. */
const fillParams = (path: string) => path.replace(/:\w+/g, 'aaaaaaaaaaaaaaaaaaaaaaaa');

let test: TestApp;
let organisationApi: Client;
let userApi: Client;
let organisationId: string;
beforeAll(async () => {
  test = await startTestApp();
  const organisation = await createOrganisation(test.app, 'List Query Org');
  organisationApi = organisation.api;
  userApi = organisation.owner.api;
  organisationId = organisation.id;
});
afterAll(() => test.close());

describe('list routes check the whole query before answering', () => {
  it('finds the list routes, the kit’s, select options, api_keys and changelogs among them', () => {
    const paths = listRoutes.map((def) => def.path);
    for (const path of ['/clients', '/select_options/clients', '/api_keys', '/changelogs'])
      expect(paths).toContain(path);
    expect(listRoutes.length).toBeGreaterThan(20);
  });

  for (const def of listRoutes) {
    for (const [form, query] of Object.entries(badForms)) {
      for (const [mode, page] of Object.entries(modes)) {
        it(`${def.path}: unknown ${form}, ${mode}`, async () => {
          const api = def.access === 'organisation' ? organisationApi : userApi;
          const extra =
            def.path === '/api_keys' ? `&filter[organisation_id]=${organisationId}` : '';
          const reply = await api.get(`${fillParams(def.path)}?${query}&${page}${extra}`);
          expect(reply.status, JSON.stringify(reply.body)).toBe(400);
          expect(reply.body).toMatchObject({ type: 'Bad Request', status: 400 });
          expect(reply.body.message).toContain(UNKNOWN);
        });
      }
    }
    it(`${def.path}: an unknown page form`, async () => {
      const api = def.access === 'organisation' ? organisationApi : userApi;
      const reply = await api.get(`${fillParams(def.path)}?page=first`);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ type: 'Bad Request', code: 'bad_page' });
    });
  }
});
