import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import { makeContext, makeOrganisation } from '../../test/fixtures';
import { queryButton } from '../settings/test/settings-kit';
import { waitFor } from '../../test/render';
import { renderApp, signedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme' });
const meta = { total: 0, current_page: 1, per_page: 25, last_page: 1 };
const jobsPath = `/organisations/${organisation.id}/jobs`;

/** Every list empty; the jobs list says whether the caller may create jobs now. */
function server(mayCreate: () => boolean) {
  return (call: RecordedCall) =>
    jsonResponse({
      data: [],
      meta: new URL(call.url).pathname.endsWith(jobsPath)
        ? { ...meta, permissions: { create: mayCreate() } }
        : meta,
    });
}

const jobsCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => new URL(call.url).pathname.endsWith(jobsPath));

describe('JobsPage', () => {
  it("reads who manages jobs from the list it loads, and sees a role change with the list's next load", async () => {
    let manager = true;
    const calls = signedIn(
      makeContext([organisation]),
      server(() => manager),
    );
    const queryClient = createQueryClient();
    await renderApp('/organisations/acme/jobs', queryClient);
    await waitFor(() => expect(queryButton('New job')).not.toBeNull());
    // no request of its own for the permissions: the list's answer carried them
    expect(jobsCalls(calls)).toHaveLength(1);

    manager = false;
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(queryButton('New job')).toBeNull());
    expect(jobsCalls(calls)).toHaveLength(2);
  });
});
