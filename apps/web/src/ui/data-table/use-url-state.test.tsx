import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '../../test/render';
import { useArchivableListState } from './use-archivable-list-state';
import type { ArchivableListState } from './use-archivable-list-state';

let state: ArchivableListState<'name' | 'created_at'> | undefined;
/** Every query the list asked for, in turn (each one a fetch). */
let asked: string[] = [];
function List() {
  state = useArchivableListState<'name' | 'created_at'>('name');
  const query = JSON.stringify(state.query);
  if (asked.at(-1) !== query) asked.push(query);
  return null;
}

async function openAt(path: string) {
  asked = [];
  const router = createMemoryRouter(
    [
      { path: '/clients', element: <List /> },
      { path: '/clients/:id', element: <p>a client</p> },
    ],
    { initialEntries: [path] },
  );
  await render(<RouterProvider router={router} />);
  return router;
}

describe('list state in the address', () => {
  it('keeps filters, sort and page in the URL, so Back and a shared link bring them back', async () => {
    const router = await openAt('/clients');
    await act(async () => {
      state!.setShowArchived(true);
    });
    await act(async () => {
      state!.sortBy('created_at');
    });
    await act(async () => {
      state!.setPage(3);
    });
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
    const address = router.state.location.search;
    expect(new URLSearchParams(address).get('archived')).toBe('true');
    expect(new URLSearchParams(address).get('sort')).toBe('created_at');
    // Away to a record, and Back.
    await act(() => router.navigate('/clients/1'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(state!.query.page).toEqual({ number: 3, size: 25 }));
    expect(state!.showArchived).toBe(true);
    expect(state!.sort).toEqual({ column: 'created_at', direction: 'asc' });
  });

  it('opens a shared link as it was, and a new filter starts at the first page', async () => {
    await openAt('/clients?search=acme&archived=true&sort=-name&page=2');
    await waitFor(() =>
      expect(state!.query).toMatchObject({
        filter: { search: 'acme', archived: true },
        sort: '-name',
        page: { number: 2 },
      }),
    );
    expect(state!.search).toBe('acme');
    await act(async () => {
      state!.setShowArchived(false);
    });
    await waitFor(() => expect(state!.query.page).toMatchObject({ number: 1 }));
  });

  it('keeps a new search when the page goes back to the first in the same render', async () => {
    const router = await openAt('/clients?sort=-name&page=3');
    await waitFor(() => expect(state!.query.page).toMatchObject({ number: 3 }));
    await act(async () => {
      state!.setSearch('acme');
    });
    // The search is written once the typing pauses, and the page reset follows in the same
    // commit: the second write must build on the first, not on the address before it.
    await waitFor(() => expect(state!.query.filter).toMatchObject({ search: 'acme' }));
    await waitFor(() => expect(state!.query.page).toMatchObject({ number: 1 }));
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('search')).toBe('acme');
    expect(address.get('sort')).toBe('-name');
    expect(address.get('page')).toBeNull();
  });

  it("asks for a new filter's first page only, never the old page of the new filter", async () => {
    const router = await openAt('/clients?page=3');
    await waitFor(() => expect(state!.query.page).toMatchObject({ number: 3 }));
    await act(async () => {
      state!.setShowArchived(true);
    });
    await waitFor(() => expect(router.state.location.search).not.toContain('page='));
    expect(asked.map((query) => JSON.parse(query) as object)).toEqual([
      expect.objectContaining({
        filter: { search: '', archived: false },
        page: { number: 3, size: 25 },
      }),
      expect.objectContaining({
        filter: { search: '', archived: true },
        page: { number: 1, size: 25 },
      }),
    ]);
  });
});
