import { describe, expect, it } from 'vitest';
import { configureApi } from '../../../api/api-config';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/query-client';
import { saveAccessToken } from '../../../session/persisted-session';
import { session } from '../../../session/session-state';
import { errorResponse, jsonBodyOf, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import type { RecordedCall } from '../../../test/fetch-stub';
import { render, textOf } from '../../../test/render';
import { click } from '../../settings/test/settings-kit';
import { listOf, makeProject, makeStatus, waitFor } from './test/settings-area-kit';
import type { SettingsOwner } from './owner';
import { useConfigList, useReorderConfigList } from './use-config-list';

const project = makeProject();
const owner: SettingsOwner = { kind: 'project', id: project.id };
const statuses = ['A', 'B', 'C'].map((name, order) => makeStatus(project.id, { name, order }));

function Harness() {
  const list = useConfigList(owner, 'location_statuses');
  const reorder = useReorderConfigList(owner, 'location_statuses');
  const ids = list.data?.map((status) => status.id) ?? [];
  return (
    <>
      <output>{list.data?.map((status) => status.name).join(',')}</output>
      <button onClick={() => reorder.mutate([...ids].reverse())}>Reverse</button>
    </>
  );
}

/** Mounts the hooks against a stub answering reorders with `reorderAnswer` (saving only if `saves`). */
async function mount(reorderAnswer: (call: RecordedCall) => Response, saves = false) {
  configureApi({ apiUrl: 'http://api.test' });
  saveAccessToken('token', { rememberMe: false });
  session.update({ ...session.get(), organisationId: 'org1' });
  let saved = statuses;
  const calls = stubFetch((call) => {
    if (call.method === 'POST' && call.url.endsWith('/location_statuses/reorder')) {
      const answer = reorderAnswer(call);
      if (saves) {
        const ids = (jsonBodyOf(call) as { ids: string[] }).ids;
        saved = ids.map((id) => statuses.find((status) => status.id === id)!);
      }
      return answer;
    }
    return listOf(saved);
  });
  await render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness />
    </AppProviders>,
  );
  await waitFor(() => expect(document.querySelector('output')?.textContent).toBe('A,B,C'));
  return calls;
}

const shown = () => document.querySelector('output')?.textContent;

describe('useReorderConfigList', () => {
  it('shows and keeps the new order the server accepts', async () => {
    const calls = await mount(
      (call) =>
        jsonResponse({ reordered: (jsonBodyOf(call) as { ids: string[] }).ids, failed: [] }),
      true,
    );
    await click('Reverse');
    await waitFor(() => expect(shown()).toBe('C,B,A'));
    const reorder = calls.find((call) => call.url.endsWith('/reorder'));
    expect(reorder?.url).toBe(
      `http://api.test/organisations/org1/projects/${project.id}/location_statuses/reorder`,
    );
    expect(jsonBodyOf(reorder)).toEqual({ ids: statuses.map((status) => status.id).reverse() });
  });

  it('puts the old order back and says so when the server refuses', async () => {
    await mount(() => errorResponse(403, 'Forbidden'));
    await click('Reverse');
    await waitFor(() => expect(textOf()).toContain('The new order was not saved'));
    await waitFor(() => expect(shown()).toBe('A,B,C'));
  });

  it('treats ids the server could not reorder as a failure', async () => {
    await mount(() =>
      jsonResponse({
        reordered: [],
        failed: [{ id: 'x', reason: 'Not found', code: 'not_found' }],
      }),
    );
    await click('Reverse');
    await waitFor(() => expect(textOf()).toContain('Not found'));
    await waitFor(() => expect(shown()).toBe('A,B,C'));
  });
});
