import type { LocationStatus } from '@fieldwork/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonBodyOf, jsonResponse } from '../../../../test/fetch-stub';
import type { RecordedCall } from '../../../../test/fetch-stub';
import { textOf } from '../../../../test/render';
import { choose, click, dialog, fill, submit, toggle } from '../../../settings/test/settings-kit';
import {
  callsTo,
  listOf,
  makeProject,
  makeStatus,
  noContent,
  notFound,
  openProjectSettings,
  pathOf,
  waitFor,
} from '../test/settings-area-kit';

const project = makeProject({ name: 'Harbour Tower' });
const base = `/projects/${project.id}/location_statuses`;

/** A tiny server keeping the project's statuses, so lists reload with what was saved. */
function statusServer(initial: LocationStatus[]) {
  let statuses = [...initial];
  const answer = (call: RecordedCall): Response => {
    const path = pathOf(call);
    if (call.method === 'GET' && path === `${base}?page=all`) return listOf(statuses);
    if (call.method === 'POST' && path === base) {
      const body = jsonBodyOf(call) as Partial<LocationStatus>;
      if (!body.name?.trim()) {
        return errorResponse(422, 'Validation Failure', {
          errors: [{ field: 'name', message: 'Required', code: 'too_small' }],
        });
      }
      const created = makeStatus(project.id, { ...body, order: statuses.length });
      statuses = [...statuses, created];
      return jsonResponse({ data: created }, 201);
    }
    const removed = new RegExp(`^${base}/(\\w+)\\?replacementLocationStatusId=(\\w+)$`).exec(path);
    if (call.method === 'DELETE' && removed) {
      statuses = statuses.filter((status) => status.id !== removed[1]);
      return noContent();
    }
    return notFound();
  };
  return { answer, current: () => statuses };
}

const notStarted = makeStatus(project.id, { name: 'Not started' });
const inProgress = makeStatus(project.id, {
  name: 'In progress',
  type: 'ACTIVE',
  color: 'gold',
  icon: 'pie-6',
  include_in_todo: true,
});
const completed = makeStatus(project.id, {
  name: 'Completed',
  type: 'COMPLETED',
  color: 'green',
  icon: 'tick',
});

const rowNames = () =>
  [...document.querySelectorAll('[data-testid="sortable-row"]')].map(
    (row) => row.querySelector('p')?.textContent,
  );

async function pickTile(name: string) {
  await waitFor(() =>
    act(() => {
      const tile = dialog().querySelector<HTMLElement>(`[role="radio"][aria-label="${name}"]`);
      if (!tile) throw new Error(`no tile ${name}`);
      tile.click();
    }),
  );
}

describe('Project settings › Location statuses', () => {
  it('lists the statuses in their order with type, to-do flag and drag handles', async () => {
    const server = statusServer([notStarted, inProgress, completed]);
    const { calls } = await openProjectSettings(project, 'location_statuses', server.answer);
    await waitFor(() => expect(rowNames()).toEqual(['Not started', 'In progress', 'Completed']));
    expect(textOf()).toContain('Harbour Tower');
    expect(textOf()).toContain('Active');
    expect(textOf()).toContain('To-do');
    expect(document.querySelector('[aria-label="Reorder In progress"]')).not.toBeNull();
    expect(textOf()).toContain('in the order they are offered. Drag to reorder.');
    expect(callsTo(calls, 'GET', `${base}?page=all`)).toHaveLength(1);
  });

  it('adds a status with a chosen colour and icon, showing a refusal next to the name', async () => {
    const server = statusServer([notStarted]);
    const { calls } = await openProjectSettings(project, 'location_statuses', server.answer);
    await click('Add status');
    await waitFor(() => expect(dialog().textContent).toContain('New location status'));
    expect(
      dialog().querySelectorAll('[role="radiogroup"][aria-label="Colour"] [role="radio"]'),
    ).toHaveLength(12);

    await submit('Add status');
    await waitFor(() => expect(dialog().textContent).toContain('Required'));

    await fill('Name', 'Snagging', dialog);
    await choose('Type', 'Active');
    await pickTile('Teal');
    await pickTile('Star');
    act(() => toggle('Include in to-do list').click());
    await submit('Add status');

    await waitFor(() => expect(rowNames()).toEqual(['Not started', 'Snagging']));
    const posts = callsTo(calls, 'POST', base);
    expect(jsonBodyOf(posts.at(-1))).toEqual({
      name: 'Snagging',
      type: 'ACTIVE',
      color: 'teal',
      icon: 'star',
      include_in_todo: true,
    });
  });

  it('deletes a status only once a replacement is chosen, and sends it', async () => {
    const server = statusServer([notStarted, inProgress, completed]);
    const { calls } = await openProjectSettings(project, 'location_statuses', server.answer);
    await click('Actions for In progress');
    await click('Delete');
    await waitFor(() =>
      expect(dialog().textContent).toContain(
        'Any location with this status moves to the status you choose.',
      ),
    );

    await submit('Delete status');
    await waitFor(() =>
      expect(dialog().textContent).toContain('Choose the status its locations move to'),
    );
    expect(callsTo(calls, 'DELETE', /location_statuses/)).toHaveLength(0);

    await choose('Move its locations to', 'Completed');
    await submit('Delete status');
    await waitFor(() => expect(rowNames()).toEqual(['Not started', 'Completed']));
    expect(callsTo(calls, 'DELETE', /location_statuses/).map(pathOf)).toEqual([
      `${base}/${inProgress.id}?replacementLocationStatusId=${completed.id}`,
    ]);
  });

  it("puts the server's refusal of the replacement next to its picker", async () => {
    const server = statusServer([notStarted, inProgress, completed]);
    const refuse = (call: RecordedCall) =>
      call.method === 'DELETE'
        ? errorResponse(422, 'Validation Failure', {
            errors: [
              {
                field: 'replacementLocationStatusId',
                message: 'The replacement status is archived',
                code: 'invalid',
              },
            ],
          })
        : server.answer(call);
    await openProjectSettings(project, 'location_statuses', refuse);
    await click('Actions for In progress');
    await click('Delete');
    await choose('Move its locations to', 'Completed');
    await submit('Delete status');
    await waitFor(() => {
      const picker = dialog().querySelector('input[aria-invalid="true"]');
      expect(picker?.closest('.mantine-InputWrapper-root')?.textContent).toContain(
        'The replacement status is archived',
      );
    });
    expect(rowNames()).toEqual(['Not started', 'In progress', 'Completed']);
  });

  it('explains why the last status cannot be deleted', async () => {
    const server = statusServer([notStarted]);
    const { calls } = await openProjectSettings(project, 'location_statuses', server.answer);
    await click('Actions for Not started');
    await click('Delete');
    await waitFor(() => expect(dialog().textContent).toContain('always keeps at least one'));
    expect(dialog().textContent).not.toContain('Delete status');
    expect(callsTo(calls, 'DELETE', /location_statuses/)).toHaveLength(0);
  });

  it('shows operatives the statuses without ways to change them', async () => {
    const server = statusServer([notStarted, completed]);
    await openProjectSettings(project, 'location_statuses', server.answer, 'OPERATIVE');
    await waitFor(() => expect(rowNames()).toEqual(['Not started', 'Completed']));
    expect(document.querySelector('[aria-label^="Reorder"]')).toBeNull();
    expect(textOf()).not.toContain('Drag to reorder');
    expect(document.querySelector('[aria-label^="Actions for"]')).toBeNull();
    expect(textOf()).not.toContain('Add status');
  });
});
