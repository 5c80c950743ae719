import { afterAll, beforeAll, expect, it } from 'vitest';
import { allRoutes } from '../src/modules';
import { fullPath } from '../src/platform/http/register';
import { startTestApp, type TestApp } from './harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

it('publishes every registered route with its method and parameters', async () => {
  const response = await test.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json<{
    openapi: string;
    paths: Record<string, Record<string, { parameters: Array<{ name: string }> }>>;
  }>();
  expect(document.openapi).toBe('3.1.0');
  for (const route of allRoutes()) {
    const path = fullPath(route).replace(/:(\w+)/g, '{$1}');
    const operation = document.paths[path]?.[route.method.toLowerCase()];
    expect(operation, `${route.method} ${path}`).toBeDefined();
    for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
      expect(operation!.parameters.map((parameter) => parameter.name)).toContain(name);
    }
  }
  const list = document.paths['/organisations/{organisationId}/clients']!.get!;
  expect(list.parameters.map((parameter) => parameter.name)).toEqual(
    expect.arrayContaining([
      'filter[name]',
      'filter[search]',
      'expand[]',
      'sort',
      'page',
      'page[number]',
      'page[size]',
      'withIds',
      'sum',
    ]),
  );
  expect(JSON.stringify(document)).not.toContain('#/$defs/');
});

it('serves readable docs at /docs', async () => {
  const response = await test.app.inject({ method: 'GET', url: '/docs/' });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('swagger');
});
