import { describe, expect, it } from 'vitest';
import { configureApi } from '../../../../api/api-config';
import { AppProviders } from '../../../../app/AppProviders';
import { createQueryClient } from '../../../../app/query-client';
import { saveAccessToken } from '../../../../session/persisted-session';
import { session } from '../../../../session/session-state';
import { errorResponse, jsonBodyOf, jsonResponse, stubFetch } from '../../../../test/fetch-stub';
import type { RecordedCall } from '../../../../test/fetch-stub';
import { render, textOf } from '../../../../test/render';
import { click } from '../../../settings/test/settings-kit';
import { makeProject, organisation, waitFor } from '../test/settings-area-kit';
import { useProjectBlocks, useReorderBlocks, useReorderLevels } from './structure-api';
import { structureServer } from './test/structure-server';

const project = makeProject();

function Harness() {
  const blocks = useProjectBlocks(project.id);
  const reorderBlocks = useReorderBlocks(project.id);
  const reorderLevels = useReorderLevels(project.id);
  const first = blocks.data?.[0];
  return (
    <>
      <output>
        {blocks.data
          ?.map((block) => `${block.name}:${block.levels.map((level) => level.name).join('')}`)
          .join(' ')}
      </output>
      <button
        onClick={() => reorderBlocks.mutate((blocks.data ?? []).map((block) => block.id).reverse())}
      >
        Reverse blocks
      </button>
      <button
        onClick={() =>
          first &&
          reorderLevels.mutate({
            blockId: first.id,
            ids: first.levels.map((level) => level.id).reverse(),
          })
        }
      >
        Reverse levels
      </button>
    </>
  );
}

/** Mounts the hooks on a structure server whose reorders answer `refuse(call)` when it gives one. */
async function mount(refuse: (call: RecordedCall) => Response | undefined = () => undefined) {
  configureApi({ apiUrl: 'http://api.test' });
  saveAccessToken('token', { rememberMe: false });
  session.update({ ...session.get(), organisationId: organisation.id });
  const server = structureServer(project.id, null);
  const block = server.addBlock('A', ['1', '2', '3']);
  server.addBlock('B');
  const calls = stubFetch(
    (call) => (call.url.endsWith('/reorder') && refuse(call)) || server.answer(call),
  );
  await render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness />
    </AppProviders>,
  );
  await waitFor(() => expect(shown()).toBe('A:123 B:'));
  return { calls, levelIds: block.id ? server.levels().map((level) => level.id) : [] };
}

const shown = () => document.querySelector('output')?.textContent;

describe('structure ordering', () => {
  it('saves a new order of blocks, and of the levels of one block', async () => {
    const { calls, levelIds } = await mount();
    await click('Reverse levels');
    await waitFor(() => expect(shown()).toBe('A:321 B:'));
    await click('Reverse blocks');
    await waitFor(() => expect(shown()).toBe('B: A:321'));
    const sent = (path: string) => calls.filter((call) => call.url.endsWith(path)).map(jsonBodyOf);
    expect(sent('/levels/reorder')).toEqual([{ ids: [...levelIds].reverse() }]);
    expect(sent('/blocks/reorder')).toHaveLength(1);
  });

  it('puts the old order back and says why when the server refuses', async () => {
    await mount(() =>
      jsonResponse({
        reordered: [],
        failed: [{ id: 'x', code: 'not_found', reason: 'Level not found.' }],
      }),
    );
    await click('Reverse levels');
    await waitFor(() => expect(textOf()).toContain('Level not found.'));
    await waitFor(() => expect(shown()).toBe('A:123 B:'));
  });

  it('rolls back a refused block order', async () => {
    await mount(() => errorResponse(403, 'Forbidden'));
    await click('Reverse blocks');
    await waitFor(() => expect(textOf()).toContain('The new order was not saved'));
    await waitFor(() => expect(shown()).toBe('A:123 B:'));
  });
});
