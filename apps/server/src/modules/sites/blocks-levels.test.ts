import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { addMember, createOrganisation, organisationApp } from '../../../test/harness';

const { test, org } = organisationApp('Blocks Test Org');
let siteId: string;
let otherSiteId: string;
let projectId: string;
beforeAll(async () => {
  siteId = (await org.api.post('/sites', { name: 'Main site' })).body.data.id;
  otherSiteId = (await org.api.post('/sites', { name: 'Second site' })).body.data.id;
  projectId = newId();
  await test.platform.db.query(
    `INSERT INTO projects (id, organisation_id, name, site_id) VALUES ($1, $2, 'Tower', $3)`,
    [projectId, org.id, siteId],
  );
});

type Named = { id: string; name: string; order: number; created_at: string; updated_at: string };
const names = (items: Named[]) => items.map((item) => item.name);

async function block(name: string, site = siteId) {
  const response = await org.api.post('/blocks', { project_id: projectId, site_id: site, name });
  expect(response.status).toBe(201);
  return response.body.data as Named & { levels: Named[] };
}
async function level(blockId: string, name: string) {
  const response = await org.api.post('/levels', { block_id: blockId, name });
  expect(response.status).toBe(201);
  return response.body.data as Named;
}

describe('blocks', () => {
  it("go on the project's site unless another is named, in order within project and site", async () => {
    const defaulted = await org.api.post('/blocks', { project_id: projectId, name: 'Core' });
    expect(defaulted.status).toBe(201);
    expect(defaulted.body.data).toMatchObject({
      project_id: projectId,
      site_id: siteId,
      name: 'Core',
      order: 0,
      levels: [],
      deleted_at: null,
    });
    const elsewhere = await block('Elsewhere', otherSiteId);
    expect(elsewhere.order).toBe(0);
    expect((await block('Wing')).order).toBe(1);
  });

  it('refuses an unknown or deleted project or site, and a project without a site', async () => {
    const unknown = await org.api.post('/blocks', { project_id: newId(), name: 'X' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].field).toBe('project_id');
    const siteless = newId();
    await test.platform.db.query(
      `INSERT INTO projects (id, organisation_id, name) VALUES ($1, $2, 'No site')`,
      [siteless, org.id],
    );
    const noSite = await org.api.post('/blocks', { project_id: siteless, name: 'X' });
    expect(noSite.status).toBe(422);
    expect(noSite.body.errors[0]).toMatchObject({ field: 'site_id', code: 'required' });
    const gone = (await org.api.post('/sites', { name: 'Gone' })).body.data.id;
    await org.api.delete(`/sites/${gone}`);
    const deletedSite = await org.api.post('/blocks', {
      project_id: projectId,
      site_id: gone,
      name: 'X',
    });
    expect(deletedSite.status).toBe(422);
    expect(deletedSite.body.errors[0].field).toBe('site_id');
  });

  it('carry their live levels in order, listed per page in one statement', async () => {
    const tower = await block('Tower block');
    const ground = await level(tower.id, 'Ground');
    const first = await level(tower.id, 'First');
    const roof = await level(tower.id, 'Roof');
    expect([ground.order, first.order, roof.order]).toEqual([0, 1, 2]);
    await org.api.delete(`/levels/${first.id}`);
    const fetched = await org.api.get(`/blocks/${tower.id}?expand[]=site`);
    expect(names(fetched.body.data.levels)).toEqual(['Ground', 'Roof']);
    expect(fetched.body.data.levels[0]).toEqual({
      id: ground.id,
      created_at: ground.created_at,
      updated_at: ground.updated_at,
      block_id: tower.id,
      name: 'Ground',
      order: 0,
      deleted_at: null,
    } as unknown as Named);
    expect(fetched.body.data.site).toMatchObject({ id: siteId, name: 'Main site' });
    const listed = await org.api.get(
      `/blocks?filter[project_id]=${projectId}&filter[site_id]=${siteId}`,
    );
    expect(names(listed.body.data)).toEqual(['Core', 'Wing', 'Tower block']);
    expect(listed.body.data[2].levels).toHaveLength(2);
  });

  it('reorder within their project and site', async () => {
    const listed = (await org.api.get(`/blocks?filter[site_id]=${siteId}`)).body.data as Named[];
    const ids = listed.map((item) => item.id);
    const reordered = await org.api.put('/blocks/reorder', { ids: [ids[2], ids[0]] });
    expect(reordered.body).toEqual({ reordered: [ids[2], ids[0]], failed: [] });
    const after = (await org.api.get(`/blocks?filter[site_id]=${siteId}`)).body.data as Named[];
    expect(after.map((item) => item.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(after.map((item) => item.order)).toEqual([0, 1, 2]);
    // the block on the other site kept its own position
    const other = (await org.api.get(`/blocks?filter[site_id]=${otherSiteId}`)).body.data;
    expect(other.map((item: Named) => item.order)).toEqual([0]);
  });

  it('soft-delete and restore, one or many', async () => {
    const spare = await block('Spare');
    await org.api.delete('/blocks/delete_many', { ids: [spare.id] });
    expect((await org.api.get(`/blocks/${spare.id}`)).status).toBe(404);
    const restored = await org.api.post('/blocks/restore_many', { ids: [spare.id, newId()] });
    expect(restored.body.restored).toEqual([spare.id]);
    expect(restored.body.failed).toHaveLength(1);
  });
});

describe('levels', () => {
  let a: Named;
  let b: Named;
  beforeAll(async () => {
    a = await block('A');
    b = await block('B');
  });

  it('reorder within their block', async () => {
    const [one, two, three] = [
      await level(a.id, 'One'),
      await level(a.id, 'Two'),
      await level(a.id, 'Three'),
    ];
    const reordered = await org.api.post('/levels/reorder_many', {
      ids: [three.id, one.id, two.id],
    });
    expect(reordered.body.reordered).toEqual([three.id, one.id, two.id]);
    const listed = await org.api.get(`/levels?filter[block_id]=${a.id}`);
    expect(names(listed.body.data)).toEqual(['Three', 'One', 'Two']);
  });

  it('move to another block, after its last level, in the order given', async () => {
    const existing = await level(b.id, 'B ground');
    const [three, one] = (await org.api.get(`/levels?filter[block_id]=${a.id}`)).body
      .data as Named[];
    const moved = await org.api.post(`/levels/${one!.id}/move`, { block_id: b.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: one!.id, block_id: b.id, order: 1 });
    const many = await org.api.put('/levels/move_many', {
      ids: [three!.id, newId()],
      block_id: b.id,
    });
    expect(many.body.moved).toEqual([three!.id]);
    expect(many.body.failed[0]).toMatchObject({ code: 'not_found', reason: 'Level not found.' });
    const inB = (await org.api.get(`/blocks/${b.id}`)).body.data.levels as Named[];
    expect(names(inB)).toEqual([existing.name, 'One', 'Three']);
    expect(inB.map((item) => item.order)).toEqual([0, 1, 2]);
    const bad = await org.api.post(`/levels/${one!.id}/move`, { block_id: newId() });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('block_id');
  });

  it('bulk delete answers per id; unknown and foreign ids are not found', async () => {
    const doomed = await level(a.id, 'Doomed');
    const other = await createOrganisation(test.app, 'Other levels org');
    const theirSite = (await other.api.post('/sites', { name: 'Theirs' })).body.data.id;
    const theirProject = newId();
    await test.platform.db.query(
      `INSERT INTO projects (id, organisation_id, name, site_id) VALUES ($1, $2, 'P', $3)`,
      [theirProject, other.id, theirSite],
    );
    const theirBlock = (await other.api.post('/blocks', { project_id: theirProject, name: 'T' }))
      .body.data.id;
    const theirLevel = (await other.api.post('/levels', { block_id: theirBlock, name: 'L' })).body
      .data.id;
    const response = await org.api.post('/levels/delete_many', { ids: [doomed.id, theirLevel] });
    expect(response.body).toEqual({
      deleted: [doomed.id],
      failed: [{ id: theirLevel, reason: 'Level not found.', code: 'not_found' }],
    });
    expect((await org.api.post('/levels', { block_id: theirBlock, name: 'x' })).status).toBe(422);
    expect((await org.api.get(`/blocks/${theirBlock}`)).status).toBe(404);
    expect((await other.api.get(`/levels/${theirLevel}`)).body.data.name).toBe('L');
  });

  it('may be read by operatives and written by managers only', async () => {
    const operative = await addMember(test, org, 'OPERATIVE');
    expect((await operative.orgApi.get(`/levels?filter[block_id]=${a.id}`)).status).toBe(200);
    expect((await operative.orgApi.post('/levels', { block_id: a.id, name: 'x' })).status).toBe(
      403,
    );
    expect(
      (await operative.orgApi.post('/levels/move_many', { ids: [newId()], block_id: a.id })).status,
    ).toBe(403);
  });
});
