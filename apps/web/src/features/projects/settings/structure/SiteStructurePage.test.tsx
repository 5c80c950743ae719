import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonBodyOf, jsonResponse } from '../../../../test/fetch-stub';
import { textOf } from '../../../../test/render';
import {
  button,
  choose,
  click,
  dialog,
  fill,
  queryButton,
  submit,
} from '../../../settings/test/settings-kit';
import {
  callsTo,
  listOf,
  makeProject,
  openProjectSettings,
  pathOf,
  waitFor,
} from '../test/settings-area-kit';
import { makeSite, structureServer } from './test/structure-server';

const site = makeSite({ name: 'Holbeck Works' });
const project = makeProject({ name: 'Harbour Tower', site_id: site.id });

/** Block cards' names and each one's levels, as shown. */
const structure = () =>
  [...document.querySelectorAll('[data-testid="block-card"]')].map((card) => ({
    block: card.getAttribute('aria-label'),
    levels: [...card.querySelectorAll('[data-testid="sortable-row"] p')].map(
      (level) => level.textContent,
    ),
  }));

const confirmButton = (name: string) =>
  click(name, () => [...document.querySelectorAll('[role="dialog"]')].at(-1) ?? document);

describe('Project settings › Site structure', () => {
  it("shows the project's site and its blocks with their levels, in order", async () => {
    const server = structureServer(project.id, site);
    server.addBlock('Block A', ['Ground', 'First']);
    server.addBlock('Block B', ['Basement']);
    const { calls } = await openProjectSettings(project, 'structure', server.answer);
    await waitFor(() =>
      expect(structure()).toEqual([
        { block: 'Block A', levels: ['Ground', 'First'] },
        { block: 'Block B', levels: ['Basement'] },
      ]),
    );
    expect(textOf()).toContain('Holbeck Works');
    expect(textOf()).toContain('Marshall Street, Leeds');
    expect(document.querySelector('[aria-label="Reorder Block A"]')).not.toBeNull();
    expect(document.querySelector('[aria-label="Reorder First of Block A"]')).not.toBeNull();
    expect(callsTo(calls, 'GET', `/projects/${project.id}/site`)).toHaveLength(1);
    expect(
      callsTo(
        calls,
        'GET',
        `/blocks?filter[project_id]=${project.id}&filter[deleted]=false&expand[]=site&sort=order&page=all`,
      ),
    ).toHaveLength(1);
  });

  it('adds a block on the shown site and a level to it, showing a refused name', async () => {
    const server = structureServer(project.id, site);
    const { calls } = await openProjectSettings(project, 'structure', server.answer);
    await waitFor(() => expect(textOf()).toContain('No blocks yet'));

    await click('Add block');
    await submit('Add block');
    await waitFor(() => expect(dialog().textContent).toContain('Required'));
    await fill('Name', 'Tower 1', dialog);
    await submit('Add block');
    await waitFor(() => expect(structure()).toEqual([{ block: 'Tower 1', levels: [] }]));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/blocks').at(-1))).toEqual({
      project_id: project.id,
      site_id: site.id,
      name: 'Tower 1',
    });

    await click('Add level to Tower 1');
    await fill('Name', 'Roof', dialog);
    await submit('Add level');
    await waitFor(() => expect(structure()).toEqual([{ block: 'Tower 1', levels: ['Roof'] }]));
    const tower = server.liveBlock('Tower 1');
    expect(jsonBodyOf(callsTo(calls, 'POST', '/levels')[0])).toEqual({
      block_id: tower.id,
      name: 'Roof',
    });
  });

  it('renames a block and moves a level into another block', async () => {
    const server = structureServer(project.id, site);
    server.addBlock('Block A', ['Ground', 'First']);
    const blockB = server.addBlock('Block B', ['Basement']);
    const { calls } = await openProjectSettings(project, 'structure', server.answer);
    await waitFor(() => expect(structure()).toHaveLength(2));

    await click('Actions for Block A');
    await click('Edit');
    await fill('Name', 'North block', dialog);
    await submit('Save');
    await waitFor(() => expect(structure()[0]?.block).toBe('North block'));

    await click('Actions for First of North block');
    await click('Move to another block');
    await choose('Move to block', 'Block B');
    await submit('Move level');
    await waitFor(() =>
      expect(structure()).toEqual([
        { block: 'North block', levels: ['Ground'] },
        { block: 'Block B', levels: ['Basement', 'First'] },
      ]),
    );
    const [move] = callsTo(calls, 'POST', /^\/levels\/\w+\/move$/);
    expect(jsonBodyOf(move)).toEqual({ block_id: blockB.id });
  });

  it('deletes checked levels and says which stayed and why', async () => {
    const inUse = new Set<string>();
    const server = structureServer(project.id, site, { inUse });
    const block = server.addBlock('Block A');
    const ground = server.addLevel(block.id, 'Ground');
    const first = server.addLevel(block.id, 'First');
    server.addLevel(block.id, 'Second');
    inUse.add(first.id);
    const { calls } = await openProjectSettings(project, 'structure', server.answer);
    await waitFor(() => expect(structure()[0]?.levels).toEqual(['Ground', 'First', 'Second']));

    act(() => checkbox('Select Ground of Block A').click());
    act(() => checkbox('Select First of Block A').click());
    await waitFor(() => expect(textOf()).toContain('2 levels selected'));
    await click('Delete levels');
    await confirmButton('Delete');
    await waitFor(() => expect(structure()[0]?.levels).toEqual(['First', 'Second']));
    await waitFor(() =>
      expect(document.querySelector('[data-testid="bulk-failures"]')?.textContent).toContain(
        'First of Block A: The level is still used by 2 locations.',
      ),
    );
    expect(jsonBodyOf(callsTo(calls, 'DELETE', '/levels/delete_many')[0])).toEqual({
      ids: [ground.id, first.id],
    });
  });

  it('shows deleted blocks and levels and restores them', async () => {
    const server = structureServer(project.id, site);
    server.addBlock('Block A', ['Ground']);
    const old = server.addBlock('Old block', ['Loft']);
    const { calls } = await openProjectSettings(project, 'structure', server.answer);
    await waitFor(() => expect(structure()).toHaveLength(2));

    await click('Actions for Old block');
    await click('Delete block');
    await confirmButton('Delete block');
    await waitFor(() => expect(structure().map((card) => card.block)).toEqual(['Block A']));

    await click('Actions for Ground of Block A');
    await click('Delete');
    await confirmButton('Delete');
    await waitFor(() => expect(structure()[0]?.levels).toEqual([]));

    act(() => toggleSwitch('Show deleted'));
    await waitFor(() => expect(textOf()).toContain('Deleted blocks and levels'));
    await waitFor(() => expect(queryButton('Restore Ground of Block A')).not.toBeNull());
    expect(queryButton('Restore Old block')).not.toBeNull();
    // Loft is live inside its deleted block: it comes back with the block.
    expect(queryButton('Restore Loft of Old block')).toBeNull();

    await click('Restore Old block');
    await waitFor(() =>
      expect(structure().map((card) => card.block)).toEqual(['Block A', 'Old block']),
    );
    await click('Restore Ground of Block A');
    await waitFor(() => expect(structure()[0]?.levels).toEqual(['Ground']));
    expect(callsTo(calls, 'POST', `/blocks/${old.id}/restore`)).toHaveLength(1);
    expect(callsTo(calls, 'POST', '/levels/restore_many')).toHaveLength(1);
  });

  it('imports blocks and levels from CSV for the project and its site', async () => {
    const server = structureServer(project.id, site);
    const { calls } = await openProjectSettings(project, 'structure', (call) =>
      pathOf(call) === '/import_file/site_csv/summary'
        ? jsonResponse({
            rows: [{ row: 2, status: 'create', data: { block: 'A', level: 'Ground' }, errors: [] }],
            create_count: 1,
            reject_count: 0,
            columns: [
              { key: 'block', header: 'Block' },
              { key: 'level', header: 'Level' },
            ],
            warnings: [],
          })
        : server.answer(call),
    );
    await click('Import from CSV');
    await waitFor(() => expect(dialog().textContent).toContain('Import blocks and levels'));
    expect(button('Download template', dialog())).toBeTruthy();
    const input = dialog().querySelector<HTMLInputElement>('input[type="file"]');
    const file = new File(['Block,Level\nA,Ground\n'], 'levels.csv', { type: 'text/csv' });
    act(() => {
      Object.defineProperty(input, 'files', { value: [file] });
      input?.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(dialog().textContent).toContain('Ready to import 1 level.'));
    const body = callsTo(calls, 'POST', '/import_file/site_csv/summary')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('project_id')).toBe(project.id);
    expect((body as FormData).get('site_id')).toBe(site.id);
  });

  it('says when the project has no site, and lets a manager choose one', async () => {
    const noSite = makeProject({ name: 'Loose Ends' });
    let chosen: string | null = null;
    const server = structureServer(noSite.id, null);
    const { calls } = await openProjectSettings(noSite, 'structure', (call) => {
      const path = pathOf(call);
      if (path === `/projects/${noSite.id}/site` && call.method === 'GET')
        return jsonResponse({ data: chosen ? site : null });
      if (path === `/projects/${noSite.id}/site` && call.method === 'PUT') {
        chosen = (jsonBodyOf(call) as { site_id: string }).site_id;
        return jsonResponse({ data: { ...noSite, site_id: chosen } });
      }
      if (path.startsWith('/sites?')) return listOf([site]);
      return server.answer(call);
    });
    await waitFor(() => expect(textOf()).toContain('This project is not on a site yet'));
    expect(queryButton('Import from CSV')).toBeNull();
    await click('Choose site');
    await choose('Site', 'Holbeck Works — Marshall Street, Leeds, LS11 9YJ, United Kingdom');
    await submit('Save');
    await waitFor(() => expect(textOf()).toContain('No blocks yet'));
    expect(jsonBodyOf(callsTo(calls, 'PUT', `/projects/${noSite.id}/site`)[0])).toEqual({
      site_id: site.id,
    });
  });

  it('switches between the sites the blocks stand on, adding blocks to the one shown', async () => {
    const wharf = makeSite({ name: 'Canal Wharf' });
    const server = structureServer(project.id, site);
    server.addBlock('Block A', ['Ground']);
    server.addBlock('Jetty', [], wharf);
    const { calls } = await openProjectSettings(project, 'structure', server.answer);
    await waitFor(() => expect(structure().map((card) => card.block)).toEqual(['Block A']));
    await choose('Site shown', 'Holbeck Works');
    await waitFor(() => expect(structure().map((card) => card.block)).toEqual(['Block A']));
    await choose('Site shown', 'Canal Wharf');
    await waitFor(() => expect(structure().map((card) => card.block)).toEqual(['Jetty']));
    await click('Add block');
    await fill('Name', 'Pier', dialog);
    await submit('Add block');
    await waitFor(() => expect(structure().map((card) => card.block)).toEqual(['Jetty', 'Pier']));
    expect(jsonBodyOf(callsTo(calls, 'POST', '/blocks')[0])).toMatchObject({ site_id: wharf.id });
  });

  it('shows operatives the structure without ways to change it', async () => {
    const server = structureServer(project.id, site);
    server.addBlock('Block A', ['Ground', 'First']);
    server.addBlock('Block B');
    await openProjectSettings(project, 'structure', server.answer, 'OPERATIVE');
    await waitFor(() => expect(structure()).toHaveLength(2));
    expect(document.querySelector('[aria-label^="Reorder"]')).toBeNull();
    expect(document.querySelector('[aria-label^="Actions for"]')).toBeNull();
    expect(document.querySelector('input[type="checkbox"][aria-label^="Select"]')).toBeNull();
    expect(queryButton('Add block')).toBeNull();
    expect(queryButton('Import from CSV')).toBeNull();
    expect(queryButton('Change site')).toBeNull();
  });
});

function checkbox(label: string): HTMLInputElement {
  const found = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (!found) throw new Error(`no checkbox "${label}"`);
  return found;
}

function toggleSwitch(label: string) {
  const found = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
    (input) => input.closest('label')?.textContent?.trim() === label,
  );
  if (!found) throw new Error(`no switch "${label}"`);
  found.click();
}
