import { describe, expect, it } from 'vitest';
import { newId } from '../../ids';
import { organisationApp } from '../../../../test/harness';

const { test, org, other, members } = organisationApp('Audit Trail Org', {
  other: 'Audit Other Org',
  members: { manager: 'MANAGER', operative: 'OPERATIVE' },
});

interface Entry {
  id: string;
  action: string;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  undone_at: string | null;
  undone_by_user_name: string | null;
  undo_of_entry_id: string | null;
  undo: { possible: boolean; reason: string | null };
}

const historyOf = async (path: string, api = org.api) =>
  (await api.get(`${path}/history`)).body.data as Entry[];

describe('GET /{entity}/{id}/history', () => {
  it('lists a record’s changes newest first with what changed and whether it can be undone', async () => {
    const client = (await org.api.post('/clients', { name: 'Harbour Works' })).body.data;
    await org.api.put(`/clients/${client.id}`, { name: 'Harbour Works Ltd' });
    const entries = await historyOf(`/clients/${client.id}`);
    expect(entries.map((entry) => entry.action)).toEqual(['UPDATE', 'CREATE']);
    expect(entries[0]!.changes).toMatchObject({
      name: { from: 'Harbour Works', to: 'Harbour Works Ltd' },
    });
    expect(entries[0]!.undo).toEqual({ possible: true, reason: null });
    expect(entries[1]).toMatchObject({
      document_name: 'Harbour Works Ltd',
      document_label: 'Client',
    });
    expect(entries[1]!.undo.possible).toBe(false);
    expect(entries[1]!.undo.reason).toMatch(/changed again/);
  });

  it('is served for every entity the kit serves, and not for another organisation', async () => {
    const site = (await org.api.post('/sites', { address_line_1: '1 Audit Road' })).body.data;
    expect((await org.api.get(`/sites/${site.id}/history`)).status).toBe(200);
    expect((await other.api.get(`/sites/${site.id}/history`)).status).toBe(404);
    expect((await org.api.get(`/sites/${newId()}/history`)).status).toBe(404);
    expect((await org.api.get(`/sites/${site.id}/history?filter[collection_name]=x`)).status).toBe(
      400,
    );
  });

  it('answers a page at a time', async () => {
    const client = (await org.api.post('/clients', { name: 'Paged Client' })).body.data;
    for (const name of ['A', 'B', 'C']) await org.api.put(`/clients/${client.id}`, { name });
    const page = await org.api.get(`/clients/${client.id}/history?page[size]=2&page[number]=2`);
    expect(page.body.meta).toMatchObject({ total: 4, current_page: 2, per_page: 2, last_page: 2 });
    expect(page.body.data.map((entry: Entry) => entry.action)).toEqual(['UPDATE', 'CREATE']);
  });
});

describe('POST /audit_entries/{id}/undo', () => {
  it('puts the earlier values back through the entity’s writer and marks the entry undone', async () => {
    const client = (await org.api.post('/clients', { name: 'Quay Builders' })).body.data;
    await org.api.put(`/clients/${client.id}`, { name: 'Quay Builders Ltd' });
    const [update] = await historyOf(`/clients/${client.id}`);
    const undone = await members.manager.orgApi.post(`/audit_entries/${update!.id}/undo`, {});
    expect(undone.body.message).toBeUndefined();
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({
      id: update!.id,
      undo: { possible: false },
      undone_by_user_name: expect.any(String),
    });
    expect(undone.body.data.undone_at).toEqual(expect.any(String));
    expect((await org.api.get(`/clients/${client.id}`)).body.data.name).toBe('Quay Builders');

    const entries = await historyOf(`/clients/${client.id}`);
    expect(entries[0]).toMatchObject({ action: 'UPDATE', undo_of_entry_id: update!.id });
    expect(entries[0]!.changes).toMatchObject({ name: { to: 'Quay Builders' } });
    // the undo's own entry is not undone in turn; the original is already undone
    expect(entries[0]!.undo.reason).toMatch(/itself an undo/);
    const again = await org.api.post(`/audit_entries/${update!.id}/undo`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been undone/);
  });

  it('lets changes be undone one after another, newest first', async () => {
    const client = (await org.api.post('/clients', { name: 'Step One' })).body.data;
    await org.api.put(`/clients/${client.id}`, { name: 'Step Two' });
    await org.api.put(`/clients/${client.id}`, { name: 'Step Three' });
    const [third, second] = await historyOf(`/clients/${client.id}`);
    const early = await org.api.post(`/audit_entries/${second!.id}/undo`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/undo the later change first/);
    expect((await org.api.post(`/audit_entries/${third!.id}/undo`, {})).status).toBe(200);
    expect((await org.api.post(`/audit_entries/${second!.id}/undo`, {})).status).toBe(200);
    expect((await org.api.get(`/clients/${client.id}`)).body.data.name).toBe('Step One');
  });

  it('undoes an archive, a creation and a soft delete', async () => {
    const client = (await org.api.post('/clients', { name: 'Archived Co' })).body.data;
    await org.api.post(`/clients/${client.id}/archive`, {});
    const [archive] = await historyOf(`/clients/${client.id}`);
    expect(archive!.action).toBe('ARCHIVE');
    expect((await org.api.post(`/audit_entries/${archive!.id}/undo`, {})).status).toBe(200);
    expect((await org.api.get(`/clients/${client.id}`)).body.data.archived_at).toBeNull();

    const fresh = (await org.api.post('/clients', { name: 'Created By Mistake' })).body.data;
    const [created] = await historyOf(`/clients/${fresh.id}`);
    expect((await org.api.post(`/audit_entries/${created!.id}/undo`, {})).status).toBe(200);
    expect((await org.api.get(`/clients/${fresh.id}`)).status).toBe(404);

    const site = (await org.api.post('/sites', { address_line_1: '9 Undo Street' })).body.data;
    await org.api.delete(`/sites/${site.id}`);
    const entries = await org.api.get(
      `/audit_entries?filter[document_id]=${site.id}&filter[action]=DELETE`,
    );
    const deletion = entries.body.data[0] as Entry;
    expect(deletion.undo.possible).toBe(true);
    expect((await org.api.post(`/audit_entries/${deletion.id}/undo`, {})).status).toBe(200);
    expect((await org.api.get(`/sites/${site.id}`)).body.data.deleted_at).toBeNull();
  });

  it('refuses what it cannot undo safely, with the reason, and changes nothing', async () => {
    const client = (await org.api.post('/clients', { name: 'Refusals Ltd' })).body.data;
    const [created] = await historyOf(`/clients/${client.id}`);
    // another organisation's entry is not found; an operative may not undo
    expect((await other.api.post(`/audit_entries/${created!.id}/undo`, {})).status).toBe(404);
    expect(
      (await members.operative.orgApi.post(`/audit_entries/${created!.id}/undo`, {})).status,
    ).toBe(403);
    const approval = newId();
    await test.platform.db.query(
      `INSERT INTO audit_entries (id, organisation_id, collection_name, document_id, action,
         performed_by_type, performed_at)
       VALUES ($1, $2, 'clients', $3, 'CHANGE_ROLE', 'USER', now() + interval '1 second')`,
      [approval, org.id, client.id],
    );
    const refused = await org.api.post(`/audit_entries/${approval}/undo`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A change role cannot be undone from the audit trail.');
    // the creation is now followed by a later change
    const stale = await org.api.post(`/audit_entries/${created!.id}/undo`, {});
    expect(stale.body.message).toMatch(/changed again/);
    expect((await org.api.get(`/clients/${client.id}`)).status).toBe(200);
  });

  it('lists the whole trail to admins only, filtered', async () => {
    const list = await org.api.get('/audit_entries?filter[collection_name]=clients&page[size]=5');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(
      list.body.data.every(
        (entry: { collection_name: string }) => entry.collection_name === 'clients',
      ),
    ).toBe(true);
    expect((await members.manager.orgApi.get('/audit_entries')).status).toBe(403);
    const theirs = await other.api.get('/audit_entries?filter[collection_name]=clients');
    expect(theirs.body.data).toEqual([]);
  });
});

describe('deletions', () => {
  it('lists soft-deleted records with who deleted them, restores one and purges another', async () => {
    const keep = (await org.api.post('/sites', { address_line_1: '1 Bin Lane' })).body.data;
    const purge = (await org.api.post('/sites', { address_line_1: '2 Bin Lane' })).body.data;
    await org.api.delete(`/sites/${keep.id}`);
    await org.api.delete(`/sites/${purge.id}`);

    const bin = await members.manager.orgApi.get('/deletions?filter[search]=Bin Lane');
    expect(bin.status).toBe(200);
    expect(bin.body.data.map((row: { name: string }) => row.name)).toEqual([
      '2 Bin Lane',
      '1 Bin Lane',
    ]);
    expect(bin.body.data[0]).toMatchObject({
      id: purge.id,
      collection_name: 'sites',
      label: 'Site',
      deleted_by_user_id: org.owner.userId,
      deleted_by_user_name: expect.any(String),
    });
    expect((await other.api.get('/deletions?filter[search]=Bin Lane')).body.data).toEqual([]);
    expect((await members.operative.orgApi.get('/deletions')).status).toBe(403);

    const one = await members.manager.orgApi.get(`/deletions/${keep.id}`);
    expect(one.body.data).toMatchObject({ id: keep.id, name: '1 Bin Lane', label: 'Site' });
    expect((await other.api.get(`/deletions/${keep.id}`)).status).toBe(404);
    const restored = await members.manager.orgApi.post(`/deletions/${keep.id}/restore`, {});
    expect(restored.body).toEqual({ restored: [keep.id], failed: [] });
    expect((await org.api.get(`/sites/${keep.id}`)).body.data.deleted_at).toBeNull();

    expect((await members.manager.orgApi.delete(`/deletions/${purge.id}`)).status).toBe(403);
    const purged = await org.api.delete(`/deletions/${purge.id}`);
    expect(purged.body).toEqual({ deleted: [purge.id], failed: [] });
    expect((await org.api.get('/deletions?filter[search]=Bin Lane')).body.data).toEqual([]);
    expect((await org.api.delete(`/deletions/${purge.id}`)).status).toBe(404);
  });

  it('answers per-item failures for restore_many and refuses unknown filters', async () => {
    const site = (await org.api.post('/sites', { address_line_1: '3 Bin Lane' })).body.data;
    await org.api.delete(`/sites/${site.id}`);
    const missing = newId();
    const answer = await org.api.post('/deletions/restore_many', { ids: [site.id, missing] });
    expect(answer.body.restored).toEqual([site.id]);
    expect(answer.body.failed).toEqual([
      { id: missing, reason: 'Deletion not found.', code: 'not_found' },
    ]);
    expect((await org.api.get('/deletions?filter[name]=x')).status).toBe(400);
    expect((await org.api.get('/deletions?filter[collection_name]=clients')).status).toBe(400);
  });
});
