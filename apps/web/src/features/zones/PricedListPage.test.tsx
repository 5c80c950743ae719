import type { Specification } from '@fieldwork/contract';
import { act } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOf, refusal } from '../../test/answers';
import { jsonBodyOf, jsonResponse } from '../../test/fetch-stub';
import type { RecordedCall } from '../../test/fetch-stub';
import {
  makeId,
  makeMemberContext,
  makeOrganisation,
  makeUser,
  stamped,
} from '../../test/fixtures';
import { click, fieldByLabel, fill } from '../../test/interact';
import { textOf, waitFor } from '../../test/render';
import { renderApp, signedIn } from '../../test/render-app';

const organisation = makeOrganisation({ slug: 'acme' });
const projectId = makeId();
const materialId = makeId();

beforeAll(
  () =>
    Promise.all([
      import('../../routes/units/more-pages'),
      import('./PricedListPage'),
      import('../../ui/all-styles'),
    ]),
  30_000,
);

const makeRecord = (overrides: Partial<Specification & { deleted_at: string | null }> = {}) => ({
  ...stamped(),
  project_id: projectId,
  code: 'S1',
  name: 'Fire collar 110',
  price: 12_500,
  attribute_values: [],
  attachments: [],
  materials: [],
  price_items: [
    { id: makeId(), description: 'Collar', quantity: 3, price: 1_999, total: 5_997, order: 0 },
    { id: makeId(), description: 'Sealant', quantity: 0.5, price: 1_001, total: 501, order: 1 },
  ],
  location_count: 2,
  deleted_at: null,
  ...overrides,
});

async function open(
  page: 'zones' | 'specifications',
  answer: (call: RecordedCall) => Response | undefined,
  role: 'MANAGER' | 'OPERATIVE' = 'MANAGER',
) {
  // A list answer carries the collection's permissions, as the API's do: a manager's or not.
  const manages = role === 'MANAGER';
  const permissions = { create: manages, update: manages, delete: manages, duplicate: manages };
  const calls = signedIn(makeMemberContext(organisation, makeUser(), { role }), async (call) => {
    const isList = call.method === 'GET' && /\/(zones|specifications)\?/.test(call.url);
    const given = answer(call) ?? (isList ? listOf([]) : undefined);
    if (given && isList) {
      const body = (await given.json()) as { meta: Record<string, unknown> };
      return jsonResponse({ ...body, meta: { ...body.meta, permissions } });
    }
    if (given) return given;
    if (call.url.includes('/select_options/materials'))
      return jsonResponse({
        data: [{ id: materialId, name: 'Intumescent sealant', archived_at: null }],
      });
    return listOf([]);
  });
  await renderApp(`/organisations/acme/projects/${projectId}/${page}`);
  return calls;
}

/** A cell's input of the price items table, named by its aria-label. */
const cell = (name: string) => {
  const input = document.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`);
  if (!input) throw new Error(`no input "${name}"`);
  return input;
};
async function fillCell(name: string, value: string) {
  await waitFor(() => {
    const input = cell(name);
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  });
}

const listed = (resource: string) => (call: RecordedCall) =>
  call.method === 'GET' && new URL(call.url).pathname.endsWith(`/${resource}`);

describe('Specifications page', () => {
  it('lists code, name, price, the items’ total and the locations, money formatted', async () => {
    const calls = await open('specifications', (call) =>
      listed('specifications')(call) ? listOf([makeRecord()]) : undefined,
    );
    await waitFor(() => expect(textOf()).toContain('Fire collar 110'));
    expect(textOf()).toContain('£125.00');
    expect(textOf()).toContain('£64.98');
    expect(textOf()).toContain('(2 items)');
    const list = calls.find(listed('specifications'));
    expect(decodeURIComponent(list?.url ?? '')).toContain(`filter[project_id]=${projectId}`);
    expect(list?.url).toContain('sort=name');
  });

  it('creates one with price items totalled as typed, sending minor units and known keys only', async () => {
    const calls = await open('specifications', (call) =>
      call.method === 'POST'
        ? jsonResponse({ data: makeRecord({ name: 'Riser' }) }, 201)
        : undefined,
    );
    await waitFor(() => expect(textOf()).toContain('No specifications yet'));
    await click('New specification');
    await fill('Code', 'S2');
    await fill('Name', 'Riser');
    await fill('Price', '125.50');
    await click('Add price item');
    await click('Add price item');
    await fillCell('Description of item 1', 'Collar');
    await fillCell('Quantity of item 1', '3');
    await fillCell('Unit price of item 1', '19.99');
    await fillCell('Description of item 2', 'Sealant');
    await fillCell('Quantity of item 2', '0.5');
    await fillCell('Unit price of item 2', '10.01');
    // 3 × 1999 = 5997; 0.5 × 1001 = 500.5 → 501 (half away from nought, as the server)
    await waitFor(() => expect(textOf()).toContain('Items total: £64.98'));
    expect(textOf()).toContain('£5.01');
    await click('Create specification');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(jsonBodyOf(calls.find((call) => call.method === 'POST'))).toEqual({
      project_id: projectId,
      code: 'S2',
      name: 'Riser',
      price: 12_550,
      material_ids: [],
      attribute_values: [],
      price_items: [
        { description: 'Collar', quantity: 3, price: 1_999 },
        { description: 'Sealant', quantity: 0.5, price: 1_001 },
      ],
    });
  });

  it('shows the server’s refusals beside the fields and price item cells they name', async () => {
    const record = makeRecord();
    await open('specifications', (call) => {
      if (call.method === 'PUT')
        return refusal('price_items.1.description', 'Too long.', 'too_long');
      return listed('specifications')(call) ? listOf([record]) : undefined;
    });
    await waitFor(() => expect(textOf()).toContain('Fire collar 110'));
    await click('Actions for S1 · Fire collar 110');
    await click('Edit');
    await waitFor(() => expect(cell('Description of item 2').value).toBe('Sealant'));
    await click('Save');
    await waitFor(() => expect(textOf()).toContain('Too long.'));
    expect(cell('Description of item 2').getAttribute('aria-invalid')).toBe('true');
    expect(textOf()).not.toContain('The given data was invalid');
  });

  it('duplicates one and deletes one for good', async () => {
    const record = makeRecord();
    const calls = await open('specifications', (call) => {
      if (call.method === 'POST')
        return jsonResponse({ data: makeRecord({ name: 'Fire collar 110 (copy)' }) }, 201);
      if (call.method === 'DELETE') return new Response(null, { status: 204 });
      return listed('specifications')(call) ? listOf([record]) : undefined;
    });
    await waitFor(() => expect(textOf()).toContain('Fire collar 110'));
    await click('Actions for S1 · Fire collar 110');
    await click('Duplicate');
    await waitFor(() =>
      expect(
        calls.some((call) => call.url.endsWith(`/specifications/${record.id}/duplicate`)),
      ).toBe(true),
    );
    await click('Actions for S1 · Fire collar 110');
    await click('Delete');
    await waitFor(() => expect(textOf()).toContain('Delete S1 · Fire collar 110 for good?'));
    await click('Delete');
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.method === 'DELETE' && call.url.endsWith(`/specifications/${record.id}`),
        ),
      ).toBe(true),
    );
  });

  it('shows an operative the list without actions', async () => {
    await open(
      'specifications',
      (call) => (listed('specifications')(call) ? listOf([makeRecord()]) : undefined),
      'OPERATIVE',
    );
    await waitFor(() => expect(textOf()).toContain('Fire collar 110'));
    expect(document.querySelector('[aria-label^="Actions for"]')).toBeNull();
    expect(textOf()).not.toContain('New specification');
  });
});

describe('Zones page', () => {
  it('shows deleted zones on request and restores one', async () => {
    const gone = makeRecord({
      code: 'Z9',
      name: 'Old plant room',
      deleted_at: '2026-02-01T00:00:00.000Z',
    });
    const calls = await open('zones', (call) => {
      if (call.method === 'POST') return jsonResponse({ data: { ...gone, deleted_at: null } });
      if (!listed('zones')(call)) return undefined;
      return listOf(decodeURIComponent(call.url).includes('filter[deleted]=true') ? [gone] : []);
    });
    await waitFor(() => expect(textOf()).toContain('No zones yet'));
    await waitFor(() => act(() => fieldByLabel('Show deleted').click()));
    await waitFor(() => expect(textOf()).toContain('Old plant room'));
    expect(textOf()).not.toContain('2026-02-01');
    await click('Actions for Z9 · Old plant room');
    await click('Restore');
    await waitFor(() =>
      expect(calls.some((call) => call.url.endsWith(`/zones/${gone.id}/restore`))).toBe(true),
    );
  });
});
