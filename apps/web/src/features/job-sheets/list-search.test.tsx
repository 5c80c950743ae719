import { describe, expect, it } from 'vitest';
import { jsonResponse, type RecordedCall } from '../../test/fetch-stub';
import { makeContext, makeOrganisation } from '../../test/fixtures';
import { waitFor } from '../../test/render';
import { openSignedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme' });
const meta = { total: 0, current_page: 1, per_page: 25, last_page: 1 };
const answer = () => jsonResponse({ data: [], meta });

/** The list calls to `/{resource}` of the organisation, as URLs. */
const listCalls = (calls: RecordedCall[], resource: string) =>
  calls
    .map((call) => new URL(call.url))
    .filter((url) => url.pathname === `/organisations/${organisation.id}/${resource}`);

const searchBox = (label: string) =>
  document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);

describe('the text search of the jobs and job sheets lists, kept in the address', () => {
  it('job sheets: ?search= fills the box and is sent as filter[search]', async () => {
    const { calls } = await openSignedIn(
      makeContext([organisation]),
      '/organisations/acme/job_sheets?search=corroded+hinge',
      answer,
    );
    await waitFor(() =>
      expect(searchBox('Search sheets: number, form, reference or answers')?.value).toBe(
        'corroded hinge',
      ),
    );
    await waitFor(() =>
      expect(
        listCalls(calls, 'job_sheets').some(
          (url) => url.searchParams.get('filter[search]') === 'corroded hinge',
        ),
      ).toBe(true),
    );
  });

  it('jobs: ?search= fills the box and is sent as filter[search]', async () => {
    const { calls } = await openSignedIn(
      makeContext([organisation]),
      '/organisations/acme/jobs?search=riser',
      answer,
    );
    // the box says what it searches: the server matches a job's number as well as its reference
    await waitFor(() => expect(searchBox('Search jobs: number or reference')?.value).toBe('riser'));
    expect(searchBox('Search jobs: number or reference')?.placeholder).toBe(
      'Search jobs: number or reference',
    );
    await waitFor(() =>
      expect(
        listCalls(calls, 'jobs').some((url) => url.searchParams.get('filter[search]') === 'riser'),
      ).toBe(true),
    );
  });
});
