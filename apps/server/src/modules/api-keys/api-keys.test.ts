import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  client,
  createOrganisation,
  startTestApp,
  type TestApp,
} from '../../../test/harness';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test.close());

describe('API keys', () => {
  it('shows the secret once, stores only its hash, and authenticates as the organisation', async () => {
    const organisation = await createOrganisation(test.app, 'Keyed Ltd');
    const created = await organisation.owner.api.post('/api_keys', {
      organisation_id: organisation.id,
      name: 'Integration',
    });
    expect(created.status).toBe(201);
    const key = created.body.data;
    expect(key).toMatchObject({ name: 'Integration', organisation_id: organisation.id });
    expect(key.secret.startsWith(key.key.key)).toBe(true);
    expect(key.last_used_at).toBeNull();

    const { rows } = await test.platform.db.query<Record<string, unknown>>(
      'SELECT * FROM api_keys WHERE id = $1',
      [key.id],
    );
    expect(JSON.stringify(rows)).not.toContain(key.secret);

    const listed = await organisation.owner.api.get(
      `/api_keys?filter[organisation_id]=${organisation.id}`,
    );
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).not.toHaveProperty('secret');

    const asKey = client(test.app, key.secret, `/organisations/${organisation.id}`);
    const made = await asKey.post('/clients', { name: 'Made by a key' });
    expect(made.status).toBe(201);
    expect(made.body.data.owner_id).toBe(organisation.owner.userId);
    const viaHeader = await test.app.inject({
      method: 'GET',
      url: `/organisations/${organisation.id}/clients`,
      headers: { 'x-api-key': key.secret },
    });
    expect(viaHeader.statusCode).toBe(200);

    const audit = await test.platform.db.query(
      'SELECT performed_by_type, performed_by_api_key_id FROM audit_entries WHERE document_id = $1',
      [made.body.data.id],
    );
    expect(audit.rows).toEqual([{ performed_by_type: 'API_KEY', performed_by_api_key_id: key.id }]);
    const used = await organisation.owner.api.get(
      `/api_keys?filter[organisation_id]=${organisation.id}`,
    );
    expect(used.body.data[0].last_used_at).not.toBeNull();

    // Not a user, and not a key for any other organisation or for core routes.
    const other = await createOrganisation(test.app, 'Other Ltd');
    expect(
      (await client(test.app, key.secret, `/organisations/${other.id}`).get('/clients')).status,
    ).toBe(401);
    expect((await client(test.app, key.secret).get('/me/context')).status).toBe(403);

    expect((await organisation.owner.api.delete(`/api_keys/${key.id}`)).status).toBe(204);
    const after = await asKey.get('/clients');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('invalid_api_key');
  });

  it('acts with the MANAGER role: no ADMIN-only routes', async () => {
    const organisation = await createOrganisation(test.app, 'Ranked Ltd');
    const created = await organisation.owner.api.post('/api_keys', {
      organisation_id: organisation.id,
      name: 'Ranked',
    });
    const asKey = client(test.app, created.body.data.secret, `/organisations/${organisation.id}`);
    const client1 = await asKey.post('/clients', { name: 'Deletable' });
    const forced = await asKey.delete(`/clients/${client1.body.data.id}?force=true`);
    expect(forced.status).toBe(403);
    expect(forced.body.code).toBe('role_required');
  });

  it('only admins of the organisation manage its keys', async () => {
    const organisation = await createOrganisation(test.app, 'Guarded Ltd');
    const manager = await addMember(test, organisation, 'MANAGER');
    const outsider = await createOrganisation(test.app, 'Outsider Ltd');
    const byManager = await manager.api.post('/api_keys', {
      organisation_id: organisation.id,
      name: 'Nope',
    });
    expect(byManager.status).toBe(403);
    const byOutsider = await outsider.owner.api.post('/api_keys', {
      organisation_id: organisation.id,
      name: 'Nope',
    });
    expect(byOutsider.status).toBe(403);
    const listed = await outsider.owner.api.get(
      `/api_keys?filter[organisation_id]=${organisation.id}`,
    );
    expect(listed.status).toBe(403);

    const key = await organisation.owner.api.post('/api_keys', {
      organisation_id: organisation.id,
      name: 'Mine',
    });
    expect((await outsider.owner.api.delete(`/api_keys/${key.body.data.id}`)).status).toBe(404);
    const invalid = await organisation.owner.api.post('/api_keys', {
      organisation_id: organisation.id,
      name: '',
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].field).toBe('name');
  });
});
