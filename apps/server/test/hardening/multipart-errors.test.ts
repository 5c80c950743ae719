import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/modules';
import { fullPath } from '../../src/platform/http/register';
import { newId } from '../../src/platform/ids';
import {
  createOrganisation,
  startTestApp,
  type OrganisationFixture,
  type TestApp,
} from '../harness';

/**
 * Every multipart route answers a malformed multipart body (no boundary, a truncated body) with a
 * catalogue 400, never a 500: busboy's parser errors are mapped once, in the platform.
 */
let test: TestApp;
let organisation: OrganisationFixture;
beforeAll(async () => {
  test = await startTestApp();
  organisation = await createOrganisation(test.app, 'Multipart Org');
  // Changelogs are written by support staff: the owner may call every multipart route.
  await test.platform.db.query('UPDATE users SET support = true WHERE id = $1', [
    organisation.owner.userId,
  ]);
});
afterAll(() => test.close());

const multipartRoutes = () => allRoutes().filter((def) => def.multipart);

function urlOf(path: string) {
  return path.replace(':organisationId', organisation.id).replace(/:[a-zA-Z_]+/g, () => newId());
}

const BOUNDARY = 'fieldworkboundary';
const truncated = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="name"',
  '',
  'A name',
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="a.csv"',
  'Content-Type: text/csv',
  '',
  'name\nhalf a fi',
].join('\r\n');

const MALFORMED = [
  { name: 'no boundary', contentType: 'multipart/form-data', payload: truncated },
  {
    name: 'a truncated body',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: truncated,
  },
];

describe('malformed multipart bodies', () => {
  it('there are multipart routes to walk', () => {
    expect(multipartRoutes().length).toBeGreaterThanOrEqual(9);
  });

  for (const form of MALFORMED) {
    it(`every multipart route answers ${form.name} with a catalogue 400`, async () => {
      const answers: string[] = [];
      for (const def of multipartRoutes()) {
        const response = await test.app.inject({
          method: def.method,
          url: urlOf(fullPath(def)),
          headers: {
            authorization: `Bearer ${organisation.owner.token}`,
            'content-type': form.contentType,
          },
          payload: form.payload,
        });
        const body = response.json<Record<string, unknown>>();
        answers.push(
          `${def.method} ${def.path} ${response.statusCode} ${String(body.type)} ${String(body.code)}`,
        );
        expect(typeof body.message).toBe('string');
      }
      expect(answers).toEqual(
        multipartRoutes().map(
          (def) => `${def.method} ${def.path} 400 Bad Request malformed_multipart`,
        ),
      );
    });
  }

  it('an empty multipart body is an empty form: a catalogue answer, never a 500', async () => {
    for (const def of multipartRoutes()) {
      const response = await test.app.inject({
        method: def.method,
        url: urlOf(fullPath(def)),
        headers: {
          authorization: `Bearer ${organisation.owner.token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload: '',
      });
      expect(response.statusCode, `${def.method} ${def.path}`).toBeLessThan(500);
      expect(response.json()).toMatchObject({ status: response.statusCode });
    }
  });
});
