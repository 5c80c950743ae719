import { beforeAll, describe, expect, it } from 'vitest';
import { organisationApp } from '../../../test/harness';
import { newId } from '../../platform/ids';
import { itemTotal } from './priced';
import { drawingGround } from './locations-testing';

const {
  test,
  org,
  other,
  members: { operative },
} = organisationApp('Zones Org', { other: 'Other Zones Org', members: { operative: 'OPERATIVE' } });
let ground: Awaited<ReturnType<typeof drawingGround>>;
let materialId: string;
let attributeId: string;

beforeAll(async () => {
  ground = await drawingGround(org.api);
  materialId = newId();
  await test.platform.db.query(
    `INSERT INTO materials (id, organisation_id, name) VALUES ($1, $2, 'Intumescent sealant')`,
    [materialId, org.id],
  );
  const attribute = await org.api.post(`/projects/${ground.projectId}/specification_attributes`, {
    name: 'Rating',
    type: 'NUMBER',
  });
  expect(attribute.status, JSON.stringify(attribute.body)).toBe(201);
  attributeId = attribute.body.data.id;
});

describe.each(['zones', 'specifications'] as const)('%s', (kind) => {
  it('compute price item totals on the server, link materials and check attribute values', async () => {
    const created = await org.api.post(`/${kind}`, {
      project_id: ground.projectId,
      code: 'Z1',
      name: 'Riser cupboards',
      price: 12_500,
      material_ids: [materialId],
      attribute_values: [{ attribute_id: attributeId, value_number: 60 }],
      price_items: [
        { description: 'Collar', quantity: 3, price: 1_999 },
        { description: 'Sealant', quantity: 0.5, price: 1_001 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      project_id: ground.projectId,
      code: 'Z1',
      name: 'Riser cupboards',
      price: 12_500,
      materials: [{ id: materialId, name: 'Intumescent sealant' }],
      attribute_values: [expect.objectContaining({ attribute_id: attributeId, value_number: 60 })],
      attachments: [],
      location_count: 0,
    });
    expect(created.body.data.price_items).toEqual([
      expect.objectContaining({
        description: 'Collar',
        quantity: 3,
        price: 1_999,
        total: 5_997,
        order: 0,
      }),
      expect.objectContaining({ description: 'Sealant', quantity: 0.5, total: 501, order: 1 }),
    ]);
    const id = created.body.data.id as string;
    const trusted = await org.api.put(`/${kind}/${id}`, {
      price_items: [{ description: 'Collar', quantity: 2, price: 100, total: 1 }],
    });
    // A total sent back (a GET's answer) is never trusted: the server computes it.
    expect(trusted.status, JSON.stringify(trusted.body)).toBe(200);
    expect(trusted.body.data.price_items).toEqual([
      expect.objectContaining({ quantity: 2, price: 100, total: 200 }),
    ]);
    const wrong = await org.api.put(`/${kind}/${id}`, {
      material_ids: [newId()],
      attribute_values: [{ attribute_id: attributeId, value_string: 'sixty' }],
    });
    expect(wrong.status).toBe(422);
    const fractional = await org.api.put(`/${kind}/${id}`, { price: 10.5 });
    expect(fractional.status).toBe(422);
    expect(fractional.body.errors[0].field).toBe('price');

    const location = await org.api.post('/locations', {
      project_id: ground.projectId,
      [kind === 'zones' ? 'zone_id' : 'specification_id']: id,
    });
    expect(location.status, JSON.stringify(location.body)).toBe(201);
    expect(location.body.data[kind === 'zones' ? 'zone' : 'specification']).toEqual({
      id,
      name: 'Riser cupboards',
      code: 'Z1',
    });
    expect((await org.api.get(`/${kind}/${id}`)).body.data.location_count).toBe(1);

    const copy = await org.api.post(`/${kind}/${id}/duplicate`, {});
    expect(copy.status, JSON.stringify(copy.body)).toBeLessThan(300);
    expect(copy.body.data).toMatchObject({
      materials: [{ id: materialId, name: 'Intumescent sealant' }],
      location_count: 0,
    });
    expect(copy.body.data.price_items).toHaveLength(1);
    expect(
      (await operative.orgApi.post(`/${kind}`, { project_id: ground.projectId, name: 'X' })).status,
    ).toBe(403);
    expect((await other.api.get(`/${kind}/${id}`)).status).toBe(404);
  });
});

describe('zones', () => {
  it('are soft-deleted in bulk with a reason for each failure, and restored', async () => {
    const a = await org.api.post('/zones', { project_id: ground.projectId, name: 'A' });
    const b = await org.api.post('/zones', { project_id: ground.projectId, name: 'B' });
    const missing = newId();
    const bulk = await org.api.post('/zones/delete_many', {
      ids: [a.body.data.id, b.body.data.id, missing],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.deleted.sort()).toEqual([a.body.data.id, b.body.data.id].sort());
    expect(bulk.body.failed).toEqual([expect.objectContaining({ id: missing, code: 'not_found' })]);
    const restored = await org.api.post(`/zones/${a.body.data.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.data.deleted_at).toBeNull();
  });
});

it('rounds totals half away from zero', () => {
  expect(itemTotal(0.5, 3)).toBe(2);
  expect(itemTotal(0.5, -3)).toBe(-2);
});
