import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { organisationApp } from '../../../test/harness';

const { test, org, other } = organisationApp('Client Activity Org', {
  other: 'Other Activity Org',
});

interface Entry {
  collection_name: string;
  document_name: string | null;
  action: string;
  performed_by_name: string | null;
}

describe('GET /clients/{id}/activity', () => {
  it('lists the changes to a client and its contacts, newest first, with who made them', async () => {
    const client = (await org.api.post('/clients', { name: 'Harbour Works' })).body.data as {
      id: string;
    };
    const elsewhere = (await org.api.post('/clients', { name: 'Elsewhere Ltd' })).body.data as {
      id: string;
    };
    await org.api.patch(`/clients/${client.id}`, { name: 'Harbour Works Ltd' });
    const contact = (await org.api.post('/contacts', { client_id: client.id, name: 'Dana Site' }))
      .body.data as { id: string };
    await org.api.patch(`/contacts/${contact.id}`, { role: 'Site manager' });
    await org.api.post('/contacts', { client_id: elsewhere.id, name: 'Not Theirs' });

    const answer = await org.api.get(`/clients/${client.id}/activity`);
    expect(answer.status).toBe(200);
    const entries = answer.body.data as Entry[];
    expect(entries.map((entry) => `${entry.collection_name} ${entry.action}`)).toEqual([
      'contacts UPDATE',
      'contacts CREATE',
      'clients UPDATE',
      'clients CREATE',
    ]);
    expect(entries[0]?.document_name).toBe('Dana Site');
    expect(entries[3]?.document_name).toBe('Harbour Works Ltd');
    expect(entries.every((entry) => entry.performed_by_name)).toBe(true);
  });

  it('includes the changes to the client’s projects', async () => {
    const client = (await org.api.post('/clients', { name: 'Project Owner Co' })).body.data as {
      id: string;
    };
    const projectId = newId();
    await test.platform.db.query(
      `INSERT INTO projects (id, organisation_id, client_id, name) VALUES ($1, $2, $3, 'Quay Tower')`,
      [projectId, org.id, client.id],
    );
    await test.platform.db.query(
      `INSERT INTO audit_entries (id, organisation_id, collection_name, document_id, action,
         performed_by_type, performed_at)
       VALUES ($1, $2, 'projects', $3, 'ARCHIVE', 'USER', now() + interval '1 second')`,
      [newId(), org.id, projectId],
    );
    const entries = (await org.api.get(`/clients/${client.id}/activity`)).body.data as Entry[];
    expect(entries[0]).toMatchObject({
      collection_name: 'projects',
      document_name: 'Quay Tower',
      action: 'ARCHIVE',
    });
  });

  it('answers 404 for a client of another organisation or an unknown id', async () => {
    const client = (await org.api.post('/clients', { name: 'Private Client' })).body.data as {
      id: string;
    };
    expect((await other.api.get(`/clients/${client.id}/activity`)).status).toBe(404);
    expect((await org.api.get(`/clients/${newId()}/activity`)).status).toBe(404);
  });
});
