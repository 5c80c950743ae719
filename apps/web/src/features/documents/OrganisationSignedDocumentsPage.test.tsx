import type { SignedDocument } from '@fieldwork/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type RecordedCall } from '../../test/fetch-stub';
import { makeMemberContext, makeOrganisation, makeUser, stamped } from '../../test/fixtures';
import { control, fieldByLabel } from '../../test/interact';
import { textOf, waitFor } from '../../test/render';
import { openSignedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme' });
const harbour = 'a'.repeat(24);
const riverside = 'b'.repeat(24);

const signedDocument = (overrides: Partial<SignedDocument>): SignedDocument => ({
  ...stamped(),
  project: { id: harbour, name: 'Harbour' },
  project_id: harbour,
  folder: null,
  folder_id: null,
  name: 'Site induction',
  reference: null,
  prevent_job_sheets: false,
  is_automatic: false,
  is_mandatory: false,
  file: null,
  document_id: null,
  created_by_user_id: null,
  published_at: '2026-03-02T08:00:00.000Z',
  status: 'ACTIVE',
  last_requested_at: null,
  member_count: 0,
  viewed_count: 0,
  completed_count: 0,
  pending_count: 0,
  progress: 0,
  is_outstanding: false,
  ...overrides,
});

const induction = signedDocument({
  name: 'Site induction',
  reference: 'IND-1',
  is_mandatory: true,
  prevent_job_sheets: true,
  member_count: 4,
  viewed_count: 3,
  completed_count: 1,
  pending_count: 3,
  progress: 0.25,
  last_requested_at: '2026-03-03T09:30:00.000Z',
});
const draft = signedDocument({
  name: 'Toolbox talk',
  project: { id: riverside, name: 'Riverside' },
  project_id: riverside,
  published_at: null,
  status: 'INACTIVE',
  is_automatic: true,
  member_count: 2,
  pending_count: 2,
});

const page = (data: SignedDocument[], permissions: Record<string, boolean> = {}) =>
  jsonResponse({
    data,
    meta: { total: data.length, current_page: 1, per_page: 25, last_page: 1, permissions },
  });

/** A one-row list without filters: what the caller may do with the collection, asked first. */
const isPermissionsProbe = (url: URL) =>
  url.searchParams.get('page[size]') === '1' &&
  ![...url.searchParams.keys()].some((key) => key.startsWith('filter'));

/**
 * The signed documents list as asked (its filters), answered by `list`; the collection's
 * permissions (a manager's unless told) answered to the page's first question.
 */
function answerWith(list: (url: URL) => Response, permissions = { update: true }) {
  return async (call: RecordedCall) => {
    const url = new URL(call.url);
    if (url.pathname.endsWith('/signed_documents') && isPermissionsProbe(url))
      return page([], permissions);
    if (url.pathname.endsWith('/select_options/projects'))
      return jsonResponse({
        data: [
          { id: harbour, name: 'Harbour', archived_at: null },
          { id: riverside, name: 'Riverside', archived_at: null },
        ],
      });
    if (url.pathname.endsWith('/signed_documents')) {
      // every list answer carries the collection's permissions, as the API's do
      const answer = list(url);
      if (!answer.ok) return answer;
      const body = (await answer.json()) as { meta: Record<string, unknown> };
      return jsonResponse({ ...body, meta: { ...body.meta, permissions } });
    }
    return page([]);
  };
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .map((call) => new URL(call.url))
    .filter((url) => url.pathname.endsWith('/signed_documents') && !isPermissionsProbe(url));

const manager = () =>
  makeMemberContext(organisation, makeUser({ name: 'Mona Manager' }), {
    role: 'MANAGER',
    owner: false,
  });
const operative = () =>
  makeMemberContext(organisation, makeUser({ name: 'Otto Operative' }), {
    role: 'OPERATIVE',
    owner: false,
  });

describe('the organisation’s signed documents page', () => {
  it('shows a manager every project’s documents with progress, outstanding and switches in words', async () => {
    const { calls } = await openSignedIn(
      manager(),
      '/organisations/acme/signed_documents',
      answerWith(() => page([induction, draft])),
    );
    await waitFor(() => expect(textOf()).toContain('Toolbox talk'));
    const text = textOf();
    for (const shown of [
      'Site induction',
      'IND-1',
      'Harbour',
      'Riverside',
      '1 of 4 signed',
      '3 to sign',
      'Mandatory',
      'Stops job sheets',
      'Not published',
      'Disabled',
      'Automatic',
    ])
      expect(text, shown).toContain(shown);
    // Nothing raw: no enum, no ISO time (the reminder in the app's own words).
    expect(text).not.toMatch(/ACTIVE|INACTIVE|2026-03-03T/);
    expect(text).toMatch(/Reminded \S/);
    const manage = control('Manage Site induction') as HTMLAnchorElement;
    expect(manage.getAttribute('href')).toBe(
      `/organisations/acme/projects/${harbour}/documents/signed`,
    );
    // Across projects: no project filter unless one is chosen.
    expect(listCalls(calls)[0]!.searchParams.get('filter[project_id]')).toBeNull();
  });

  it('keeps the project, "still to be signed" and the page in the address and sends them', async () => {
    const { calls, router } = await openSignedIn(
      manager(),
      `/organisations/acme/signed_documents?project_id=${harbour}&outstanding=true&page=2`,
      answerWith(() => page([induction])),
    );
    await waitFor(() => expect(textOf()).toContain('Site induction'));
    const asked = listCalls(calls).at(-1)!;
    expect(asked.searchParams.get('filter[project_id]')).toBe(harbour);
    expect(asked.searchParams.get('filter[has_outstanding]')).toBe('true');
    expect(asked.searchParams.get('filter[outstanding]')).toBeNull();
    expect(asked.searchParams.get('page[number]')).toBe('2');
    const checkbox = fieldByLabel('Only those still to be signed');
    expect(checkbox.checked).toBe(true);
    act(() => checkbox.click());
    await waitFor(() => expect(router.state.location.search).not.toContain('outstanding'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.searchParams.get('filter[has_outstanding]')).toBeNull(),
    );
    await waitFor(() => expect(router.state.location.search).not.toContain('page=2'));
    expect(router.state.location.search).toContain(`project_id=${harbour}`);
    // Another filter starts again at the first page.
    expect(
      listCalls(calls).some(
        (url) =>
          url.searchParams.get('page[number]') === '1' &&
          !url.searchParams.has('filter[has_outstanding]'),
      ),
    ).toBe(true);
  });

  it('lists an operative’s documents with Read and sign, and their own "still to sign" filter', async () => {
    const asked = signedDocument({ ...induction, is_outstanding: true });
    const signed = signedDocument({ name: 'Fire doors', completed_count: 1, member_count: 1 });
    const { calls, router } = await openSignedIn(
      operative(),
      '/organisations/acme/signed_documents',
      answerWith(
        (url) =>
          page(url.searchParams.get('filter[outstanding]') === 'true' ? [asked] : [asked, signed]),
        { update: false },
      ),
    );
    await waitFor(() => expect(textOf()).toContain('Fire doors'));
    expect(textOf()).toContain('The documents you are asked to read and sign.');
    expect(textOf()).toContain('Job sheets wait for it');
    expect(textOf()).toContain('Signed');
    expect(control('Read and sign').getAttribute('href')).toBe(
      `/organisations/acme/projects/${harbour}/documents/signed/${asked.id}/sign`,
    );
    // No manager's columns or links.
    expect(textOf()).not.toContain('Manage');
    act(() => fieldByLabel('Only those I still have to sign').click());
    await waitFor(() => expect(router.state.location.search).toContain('outstanding=true'));
    await waitFor(() => expect(textOf()).not.toContain('Fire doors'));
    const last = listCalls(calls).at(-1)!;
    expect(last.searchParams.get('filter[outstanding]')).toBe('true');
    expect(last.searchParams.get('filter[has_outstanding]')).toBeNull();
  });

  it('says when there is nothing, when nothing matches, and when the list could not load', async () => {
    await openSignedIn(
      operative(),
      '/organisations/acme/signed_documents',
      answerWith(() => page([]), { update: false }),
    );
    await waitFor(() => expect(textOf()).toContain('Nothing to sign'));

    await openSignedIn(
      manager(),
      '/organisations/acme/signed_documents?search=zzz',
      answerWith(() => page([])),
    );
    await waitFor(() => expect(textOf()).toContain('No signed documents match your filters'));

    await openSignedIn(
      manager(),
      '/organisations/acme/signed_documents',
      answerWith(() => errorResponse(500, 'Server Error')),
    );
    await waitFor(() => expect(textOf()).toContain('Could not load signed documents'), 15_000);
  });
});
