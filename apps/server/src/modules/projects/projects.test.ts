import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { addMember, organisationApp, type OrganisationFixture } from '../../../test/harness';

const { test, org, other } = organisationApp('Projects Test Org', { other: 'Other Projects Org' });

const LIBRARY_FIRE_STOPPING = '5f0a1b2c3d4e5f6a7b8c9d01';
const names = (body: { data: Array<{ name: string }> }) => body.data.map((item) => item.name);

async function insertNamed(fixture: OrganisationFixture, table: string, name: string) {
  const id = newId();
  await test.platform.db.query(
    `INSERT INTO ${table} (id, organisation_id, name) VALUES ($1, $2, $3)`,
    [id, fixture.id, name],
  );
  return id;
}

describe('projects: create, read, update', () => {
  it('creates a blank project with every field and the standard location statuses', async () => {
    const client = await org.api.post('/clients', { name: 'Northgate' });
    const created = await org.api.post('/projects', {
      name: ' Riverside Tower ',
      client_id: client.body.data.id,
      reference: 'RT-01',
      package: 'Fire stopping',
      developer: 'Acme Homes',
      site_address: '1 River Road',
      approvals_enabled: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Riverside Tower',
      client_id: client.body.data.id,
      client_name: 'Northgate',
      owner_id: org.owner.userId,
      reference: 'RT-01',
      item_mode: 'BOTH',
      approvals_enabled: true,
      multi_site: false,
      archived: false,
      deleted: false,
      default_rate_sets: [],
      files: { report_cover_image: null },
      metrics: { member_count: 1, guest_count: 0, block_count: 0 },
      site_id: null,
    });
    // A new project has no locations yet (the locations tests count them).
    expect(created.body.data.location_count).toBe(0);
    const id = created.body.data.id;
    const statuses = await org.api.get(`/projects/${id}/location_statuses`);
    expect(statuses.status).toBe(200);
    expect(statuses.body.data[0]).not.toHaveProperty('location_count');
    expect(statuses.body.data.map((s: { type: string }) => s.type)).toEqual([
      'PENDING',
      'ACTIVE',
      'COMPLETED',
      'CANCELLED',
    ]);
    const expanded = await org.api.get(
      `/projects/${id}?expand[]=client&expand[]=location_statuses&expand[]=owner`,
    );
    expect(expanded.body.data.client).toMatchObject({ name: 'Northgate' });
    expect(expanded.body.data.owner).toMatchObject({ id: org.owner.userId });
    expect(expanded.body.data.location_statuses).toHaveLength(4);
    const updated = await org.api.put(`/projects/${id}`, {
      reference: null,
      item_mode: 'LOCATIONS',
    });
    expect(updated.body.data).toMatchObject({ reference: null, item_mode: 'LOCATIONS' });
  });

  it('answers 422 naming each bad field, and writes nothing', async () => {
    const response = await org.api.post('/projects', {
      name: '',
      client_id: newId(),
      item_mode: 'SOMETIMES',
      default_rate_set_ids: ['nope'],
    });
    expect(response.status).toBe(422);
    const fields = response.body.errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'item_mode']));
    const unknownClient = await org.api.post('/projects', { name: 'X', client_id: newId() });
    expect(unknownClient.status).toBe(422);
    expect(unknownClient.body.errors[0].field).toBe('client_id');
    const foreignClient = await other.api.post('/clients', { name: 'Elsewhere' });
    const crossed = await org.api.post('/projects', {
      name: 'X',
      client_id: foreignClient.body.data.id,
    });
    expect(crossed.status).toBe(422);
    const { rows } = await test.platform.db.query(
      `SELECT 1 FROM projects WHERE organisation_id = $1 AND name = 'X'`,
      [org.id],
    );
    expect(rows).toHaveLength(0);
  });

  it("takes a live site and, without an address of its own, the site's address", async () => {
    const site = await org.api.post('/sites', {
      address_line_1: '12 Quay Street',
      city: 'Bristol',
      postcode: 'BS1 4DB',
      country: 'GB',
    });
    expect(site.status).toBe(201);
    const project = await org.api.post('/projects', {
      name: 'On a site',
      site_id: site.body.data.id,
    });
    expect(project.body.data).toMatchObject({
      site_id: site.body.data.id,
      site_address: site.body.data.full_address,
    });
    const own = await org.api.post('/projects', {
      name: 'Own address',
      site_id: site.body.data.id,
      site_address: 'Gate 3',
    });
    expect(own.body.data.site_address).toBe('Gate 3');
    for (const id of [project.body.data.id, own.body.data.id]) {
      expect((await org.api.put(`/projects/${id}`, { site_id: null })).status).toBe(200);
    }
    expect((await org.api.delete(`/sites/${site.body.data.id}`)).status).toBe(204);
    const refused = await org.api.put(`/projects/${own.body.data.id}`, {
      site_id: site.body.data.id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe('site_id');
  });

  it('lists with a client filter, search, archived filter and expand[]=client', async () => {
    const client = await org.api.post('/clients', { name: 'Filter Client' });
    const clientId = client.body.data.id;
    for (const name of ['Alpha Works', 'Beta Works', 'Gamma Yard']) {
      await org.api.post('/projects', { name, client_id: clientId });
    }
    const gamma = await org.api.get(`/projects?filter[client_id]=${clientId}&filter[search]=yard`);
    expect(names(gamma.body)).toEqual(['Gamma Yard']);
    const listed = await org.api.get(
      `/projects?filter[client_id]=${clientId}&expand[]=client&sort=-name`,
    );
    expect(names(listed.body)).toEqual(['Gamma Yard', 'Beta Works', 'Alpha Works']);
    expect(listed.body.data[0].client).toMatchObject({ id: clientId, name: 'Filter Client' });
    const alpha = listed.body.data[2].id;
    await org.api.post(`/projects/${alpha}/archive`);
    const archived = await org.api.get(
      `/projects?filter[client_id]=${clientId}&filter[archived]=true`,
    );
    expect(names(archived.body)).toEqual(['Alpha Works']);
    expect(archived.body.data[0].archived).toBe(true);
  });

  it('says in the list answer whether the caller may create and change projects', async () => {
    const asAdmin = (await org.api.get('/projects?page[size]=1')).body.meta.permissions;
    expect(asAdmin).toMatchObject({
      create: true,
      archive: true,
      delete: true,
      force_delete: true,
    });
    const manager = await addMember(test, org, 'MANAGER');
    const asManager = (await manager.orgApi.get('/projects?page=all')).body.meta.permissions;
    expect(asManager).toMatchObject({ create: true, archive: true, force_delete: false });
    const operative = await addMember(test, org, 'OPERATIVE');
    const asOperative = (await operative.orgApi.get('/projects')).body.meta.permissions;
    expect(asOperative).toMatchObject({ create: false, archive: false, delete: false });
    const guest = await addMember(test, org, 'GUEST');
    expect((await guest.orgApi.get('/projects')).status).toBe(403);
  });
});

describe('projects: sources of configuration', () => {
  it('creates from a library template: statuses, attributes, stages, folders and forms', async () => {
    const created = await org.api.post('/projects', {
      name: 'From library',
      library_project_template_id: LIBRARY_FIRE_STOPPING,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const project = await org.api.get(
      `/projects/${id}?expand[]=location_statuses&expand[]=location_attributes&expand[]=forms&expand[]=approval_stages&expand[]=document_folders`,
    );
    const data = project.body.data;
    expect(names({ data: data.location_statuses })).toEqual([
      'Not started',
      'Surveyed',
      'Installed',
      'Signed off',
      'Not required',
    ]);
    expect(data.location_attributes[0]).toMatchObject({ name: 'Fire rating', type: 'SELECT' });
    expect(data.location_attributes[0].options).toHaveLength(4);
    expect(names({ data: data.forms })).toEqual([
      'Fire stopping installation',
      'Fire stopping inspection',
    ]);
    expect(data.approval_stages[0].name).toBe('Site manager sign-off');
    expect(data.document_folders).toHaveLength(2);
    // A second project from the same library template reuses the organisation's forms.
    await org.api.post('/projects', {
      name: 'From library again',
      library_project_template_id: LIBRARY_FIRE_STOPPING,
    });
    const { rows } = await test.platform.db.query(
      `SELECT 1 FROM forms WHERE organisation_id = $1 AND name = 'Fire stopping inspection'`,
      [org.id],
    );
    expect(rows).toHaveLength(1);
    const missing = await org.api.post('/projects', {
      name: 'Nowhere',
      library_project_template_id: newId(),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe('library_project_template_id');
  });

  it('creates a template from a project and a project from the template; settings and lists copy, work does not', async () => {
    const rateSet = await insertNamed(org, 'rate_sets', 'Standard rates');
    const source = await org.api.post('/projects', {
      name: 'Source',
      approvals_enabled: true,
      default_rate_set_ids: [rateSet],
    });
    const sourceId = source.body.data.id;
    const statuses = await org.api.get(`/projects/${sourceId}/location_statuses`);
    const done = statuses.body.data[2].id;
    const form = await insertNamed(org, 'forms', 'Inspection');
    const floor = (
      await org.api.post(`/projects/${sourceId}/location_attributes`, {
        name: 'Floor',
        type: 'TEXT',
      })
    ).body.data.id;
    const added = await org.api.post(`/projects/${sourceId}/forms`, {
      form_id: form,
      location_status_automation: { on_submit_job_sheet: done },
      location_section: 'CUSTOM',
      location_attributes_custom_config: [{ location_attribute_id: floor, required: true }],
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      name: 'Inspection',
      location_section: 'CUSTOM',
      location_attributes_custom_config: [{ location_attribute_id: floor, required: true }],
      location_status_automation: { on_submit_job_sheet: done, on_create_job_sheet: null },
    });
    const template = await org.api.post('/project_templates', {
      name: 'Standard',
      from_project_id: sourceId,
    });
    expect(template.status).toBe(201);
    expect(template.body.data).toMatchObject({
      approvals_enabled: true,
      default_rate_sets: [{ id: rateSet, name: 'Standard rates' }],
    });
    const project = await org.api.post('/projects', {
      name: 'From template',
      project_template_id: template.body.data.id,
    });
    expect(project.body.data).toMatchObject({
      approvals_enabled: true,
      project_template_id: template.body.data.id,
    });
    const copy = await org.api.get(
      `/projects/${project.body.data.id}?expand[]=forms&expand[]=location_statuses`,
    );
    const copiedDone = copy.body.data.location_statuses[2];
    expect(copiedDone.name).toBe('Completed');
    expect(copiedDone.id).not.toBe(done);
    // The copied form's automation points at the copy's own status.
    expect(copy.body.data.forms[0].location_status_automation.on_submit_job_sheet).toBe(
      copiedDone.id,
    );
    // ...and its custom location attributes at the copy's own attribute.
    const copiedFloor = (await org.api.get(`/projects/${project.body.data.id}/location_attributes`))
      .body.data[0].id;
    expect(copiedFloor).not.toBe(floor);
    expect(copy.body.data.forms[0].location_attributes_custom_config).toEqual([
      { location_attribute_id: copiedFloor, required: true },
    ]);
  });

  it("checks a project form's location attributes and status automation against its own project", async () => {
    const mine = (await org.api.post('/projects', { name: 'Checked forms' })).body.data.id;
    const theirs = (await org.api.post('/projects', { name: 'Other forms' })).body.data.id;
    const foreign = (
      await org.api.post(`/projects/${theirs}/location_attributes`, { name: 'Zone', type: 'TEXT' })
    ).body.data.id;
    const own = (
      await org.api.post(`/projects/${mine}/location_attributes`, { name: 'Room', type: 'TEXT' })
    ).body.data.id;
    const foreignStatus = (await org.api.get(`/projects/${theirs}/location_statuses`)).body.data[0]
      .id;
    const form = await insertNamed(org, 'forms', 'Checked');
    const refused = await org.api.post(`/projects/${mine}/forms`, {
      form_id: form,
      location_section: 'CUSTOM',
      location_attributes_custom_config: [
        { location_attribute_id: own, required: false },
        { location_attribute_id: foreign, required: true },
        { location_attribute_id: own, required: true },
      ],
    });
    expect(refused.status).toBe(422);
    expect(
      refused.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
    ).toEqual([
      ['location_attributes_custom_config.1.location_attribute_id', 'not_found'],
      ['location_attributes_custom_config.2.location_attribute_id', 'duplicate'],
    ]);
    const notCustom = await org.api.post(`/projects/${mine}/forms`, {
      form_id: form,
      location_section: 'ALL_OPTIONAL',
      location_attributes_custom_config: [{ location_attribute_id: own, required: false }],
    });
    expect(notCustom.status).toBe(422);
    expect(notCustom.body.errors[0].field).toBe('location_attributes_custom_config');
    const badStatus = await org.api.post(`/projects/${mine}/forms`, {
      form_id: form,
      location_status_automation: { on_approve_job_sheet: foreignStatus },
    });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors[0].field).toBe('location_status_automation.on_approve_job_sheet');
    const added = await org.api.post(`/projects/${mine}/forms`, {
      form_id: form,
      location_section: 'CUSTOM',
      location_attributes_custom_config: [{ location_attribute_id: own, required: true }],
    });
    expect(added.status).toBe(201);
    // leaving CUSTOM clears the list; an update naming a foreign attribute is refused
    const moved = await org.api.put(`/projects/${mine}/forms/${added.body.data.id}`, {
      location_section: 'ALL_REQUIRED',
    });
    expect(moved.body.data.location_attributes_custom_config).toEqual([]);
    const foreignUpdate = await org.api.put(`/projects/${mine}/forms/${added.body.data.id}`, {
      location_section: 'CUSTOM',
      location_attributes_custom_config: [{ location_attribute_id: foreign, required: true }],
    });
    expect(foreignUpdate.status).toBe(422);
  });

  it('duplicates a project with a new name and its members', async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    const source = await org.api.post('/projects', { name: 'Original' });
    await test.platform.db.query(
      `INSERT INTO project_members (organisation_id, project_id, user_id) VALUES ($1, $2, $3)`,
      [org.id, source.body.data.id, member.userId],
    );
    const copy = await org.api.post(`/projects/${source.body.data.id}/duplicate`, {
      name: 'Copy of original',
    });
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      name: 'Copy of original',
      metrics: { member_count: 2 },
    });
    const unnamed = await org.api.post(`/projects/${source.body.data.id}/duplicate`);
    expect(unnamed.body.data.name).toBe('Original (copy)');
    expect((await other.api.post(`/projects/${source.body.data.id}/duplicate`)).status).toBe(404);
  });

  it('rejects two sources at once', async () => {
    const response = await org.api.post('/projects', {
      name: 'Two',
      from_project_id: newId(),
      library_project_template_id: LIBRARY_FIRE_STOPPING,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'from_project_id',
      'library_project_template_id',
    ]);
  });
});

describe('project configuration lists', () => {
  it('creates, updates, reorders and deletes attributes, keeping archived options', async () => {
    const project = await org.api.post('/projects', { name: 'Config' });
    const base = `/projects/${project.body.data.id}/location_attributes`;
    const created = await org.api.post(base, {
      name: 'Rating',
      type: 'SELECT',
      options: [{ name: '30 min' }, { name: '60 min' }],
    });
    expect(created.status).toBe(201);
    const [thirty, sixty] = created.body.data.options;
    const updated = await org.api.put(`${base}/${created.body.data.id}`, {
      options: [{ id: sixty.id, name: '60 minutes' }, { name: '90 minutes' }],
    });
    expect(updated.body).toMatchObject({});
    expect(updated.status).toBe(200);
    expect(updated.body.data.options).toMatchObject([
      { id: sixty.id, name: '60 minutes', archived_at: null },
      { name: '90 minutes', archived_at: null },
      { id: thirty.id, name: '30 min' },
    ]);
    expect(updated.body.data.options[2].archived_at).not.toBeNull();
    const bad = await org.api.post(base, { name: 'Depth', type: 'TEXT', precision: 2 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('precision');
    const second = await org.api.post(base, { name: 'Depth', type: 'NUMBER', precision: 1 });
    const reordered = await org.api.post(`${base}/reorder`, {
      ids: [second.body.data.id, created.body.data.id],
    });
    expect(reordered.body.reordered).toHaveLength(2);
    expect(names((await org.api.get(base)).body)).toEqual(['Depth', 'Rating']);
    expect((await org.api.delete(`${base}/${second.body.data.id}`)).status).toBe(204);
    expect(names((await org.api.get(base)).body)).toEqual(['Rating']);
  });

  it('holds each list to its own project', async () => {
    const first = await org.api.post('/projects', { name: 'First' });
    const second = await org.api.post('/projects', { name: 'Second' });
    const folder = await org.api.post(`/projects/${first.body.data.id}/document_folders`, {
      name: 'Drawings',
      private: true,
    });
    expect(folder.body.data).toMatchObject({ name: 'Drawings', private: true, order: 0 });
    const elsewhere = `/projects/${second.body.data.id}/document_folders/${folder.body.data.id}`;
    expect((await org.api.get(elsewhere)).status).toBe(404);
    expect((await org.api.put(elsewhere, { name: 'Stolen' })).status).toBe(404);
    expect((await org.api.delete(elsewhere)).status).toBe(404);
    const foreign = await other.api.get(
      `/projects/${first.body.data.id}/document_folders/${folder.body.data.id}`,
    );
    expect(foreign.status).toBe(404);
    expect((await org.api.get(`/projects/${newId()}/document_folders`)).status).toBe(404);
  });

  it('deletes a location status only with a replacement from the same project', async () => {
    const project = await org.api.post('/projects', { name: 'Statuses' });
    const base = `/projects/${project.body.data.id}/location_statuses`;
    const created = await org.api.post(base, {
      name: 'Snagged',
      type: 'ACTIVE',
      color: 'pink',
      icon: 'alert',
      include_in_todo: true,
    });
    expect(created.body.data).toMatchObject({ color: 'pink', icon: 'alert', order: 4 });
    const badColour = await org.api.post(base, { name: 'X', type: 'ACTIVE', color: 'blue' });
    expect(badColour.status).toBe(422);
    expect(badColour.body.errors[0].field).toBe('color');
    const id = created.body.data.id;
    const missing = await org.api.delete(`${base}/${id}`);
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe('replacementLocationStatusId');
    const other = await org.api.post('/projects', { name: 'Elsewhere' });
    const foreignStatus = (await org.api.get(`/projects/${other.body.data.id}/location_statuses`))
      .body.data[0].id;
    const crossed = await org.api.delete(
      `${base}/${id}?replacementLocationStatusId=${foreignStatus}`,
    );
    expect(crossed.status).toBe(422);
    const replacement = (await org.api.get(base)).body.data[0].id;
    const deleted = await org.api.delete(
      `${base}/${id}?replacementLocationStatusId=${replacement}`,
    );
    expect(deleted.status).toBe(204);
    expect((await org.api.get(base)).body.data).toHaveLength(4);
  });

  it('sets materials to all of them or to the ones named', async () => {
    const project = await org.api.post('/projects', { name: 'Materials' });
    const base = `/projects/${project.body.data.id}/materials`;
    const board = await insertNamed(org, 'materials', 'Board');
    const sealant = await insertNamed(org, 'materials', 'Sealant');
    const all = await org.api.put(base, { add_all_materials: true });
    expect(all.status).toBe(200);
    expect(all.body.data.map((m: { material_name: string }) => m.material_name)).toEqual(
      expect.arrayContaining(['Board', 'Sealant']),
    );
    const exact = await org.api.put(base, { materialIds: [sealant] });
    expect(exact.body.data.map((m: { material_id: string }) => m.material_id)).toEqual([sealant]);
    const duplicate = await org.api.post(base, { material_id: sealant });
    expect(duplicate.status).toBe(422);
    const added = await org.api.post(base, { material_id: board });
    expect(added.status).toBe(201);
    const unknown = await org.api.put(base, { materialIds: [newId()] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].field).toBe('materialIds.0');
  });

  it('syncs forms with the library', async () => {
    const project = await org.api.post('/projects', { name: 'Forms' });
    const base = `/projects/${project.body.data.id}/forms`;
    const first = await insertNamed(org, 'forms', 'Daily check');
    const second = await insertNamed(org, 'forms', 'Handover');
    const synced = await org.api.post(`${base}/sync`, { form_ids: [second, first] });
    expect(synced.status).toBe(200);
    expect(names(synced.body)).toEqual(['Handover', 'Daily check']);
    await test.platform.db.query(`UPDATE forms SET name = 'Daily check v2' WHERE id = $1`, [first]);
    const refreshed = await org.api.post(`${base}/sync`);
    expect(names(refreshed.body)).toEqual(['Handover', 'Daily check v2']);
  });

  it('approval stages name active members only', async () => {
    const project = await org.api.post('/projects', { name: 'Approvals' });
    const base = `/projects/${project.body.data.id}/approval_stages`;
    const stage = await org.api.post(base, {
      name: 'QA',
      declaration: 'Checked.',
      user_ids: [org.owner.userId],
    });
    expect(stage.body.data).toMatchObject({ user_ids: [org.owner.userId], order: 0 });
    const stranger = await org.api.post(base, { name: 'Other', user_ids: [newId()] });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors[0].field).toBe('user_ids.0');
  });

  it('serves the same lists under project templates', async () => {
    const template = await org.api.post('/project_templates', { name: 'Blank template' });
    const id = template.body.data.id;
    const statuses = await org.api.get(`/project_templates/${id}/location_statuses`);
    expect(statuses.body.data).toHaveLength(4);
    const attribute = await org.api.post(`/project_templates/${id}/job_attributes`, {
      name: 'PO number',
    });
    expect(attribute.body.data).toMatchObject({ project_template_id: id, project_id: null });
    const copy = await org.api.post(`/project_templates/${id}/duplicate`);
    expect(copy.status).toBe(201);
    const copied = await org.api.get(
      `/project_templates/${copy.body.data.id}?expand[]=job_attributes`,
    );
    expect(names({ data: copied.body.data.job_attributes })).toEqual(['PO number']);
  });

  it('says on each template and its list what the caller may do with it', async () => {
    const template = await org.api.post('/project_templates', { name: 'Policy template' });
    const id = template.body.data.id;
    const editor = { update: true, archive: true, duplicate: true, delete: true };
    const reader = { update: false, archive: false, duplicate: false, delete: false };
    expect(template.body.data.permissions).toEqual(editor);
    const manager = await addMember(test, org, 'MANAGER');
    expect((await manager.orgApi.get(`/project_templates/${id}`)).body.data.permissions).toEqual(
      editor,
    );
    const operative = await addMember(test, org, 'OPERATIVE');
    const listed = await operative.orgApi.get('/project_templates?filter[name]=Policy template');
    expect(listed.body.data[0].permissions).toEqual(reader);
    expect(listed.body.meta.permissions).toEqual({ create: false, ...reader });
    expect((await operative.orgApi.post(`/project_templates/${id}/duplicate`)).status).toBe(403);
    const copy = await manager.orgApi.post(`/project_templates/${id}/duplicate`);
    expect(copy.body.data.permissions).toEqual(editor);
  });
});

describe('project deletion', () => {
  it('soft-deletes, removes its members, restores', async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    const project = await org.api.post('/projects', { name: 'Doomed' });
    const id = project.body.data.id;
    await test.platform.db.query(
      `INSERT INTO project_members (organisation_id, project_id, user_id) VALUES ($1, $2, $3)`,
      [org.id, id, member.userId],
    );
    expect((await org.api.delete(`/projects/${id}`)).status).toBe(204);
    expect((await org.api.get(`/projects/${id}`)).status).toBe(404);
    expect((await org.api.get(`/projects/${id}/location_statuses`)).status).toBe(404);
    const { rows } = await test.platform.db.query(
      `SELECT 1 FROM project_members WHERE project_id = $1`,
      [id],
    );
    expect(rows).toHaveLength(0);
    const deleted = await org.api.get(`/projects?filter[deleted]=true&filter[search]=Doomed`);
    expect(deleted.body.data[0]).toMatchObject({ id, deleted: true });
    expect((await org.api.post(`/projects/${id}/restore`)).status).toBe(200);
  });
});
