import { AUDIT_ACTIONS } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { addMember, organisationApp } from '../../test/harness';

const { test, org } = organisationApp('Audit Org');

interface Entry {
  action: string;
  changes: Record<string, unknown> | null;
  before_image: Record<string, unknown> | null;
}

async function entries(collection: string, documentId: string): Promise<Entry[]> {
  const { rows } = await test.platform.db.query<Entry>(
    `SELECT action, changes, before_image FROM audit_entries
      WHERE organisation_id = $1 AND collection_name = $2 AND document_id = $3
      ORDER BY performed_at, id`,
    [org.id, collection, documentId],
  );
  return rows;
}

describe('audit entries ready for undo', () => {
  it("keeps each update's and delete's before-image; creations have none", async () => {
    const id = (await org.api.post('/clients', { name: 'Before' })).body.data.id as string;
    expect((await org.api.put(`/clients/${id}`, { name: 'After' })).status).toBe(200);
    expect((await org.api.post(`/clients/${id}/archive`)).status).toBeLessThan(300);
    expect((await org.api.delete(`/clients/${id}`)).status).toBeLessThan(300);

    const [created, updated, archived, deleted] = await entries('clients', id);
    expect(created).toMatchObject({ action: 'CREATE', before_image: null });
    expect(updated).toMatchObject({
      action: 'UPDATE',
      changes: { name: { from: 'Before', to: 'After' } },
      before_image: { id, name: 'Before', archived_at: null },
    });
    expect(archived).toMatchObject({
      action: 'ARCHIVE',
      before_image: { id, name: 'After', archived_at: null },
    });
    expect(archived!.before_image!.organisation_id).toBe(org.id);
    expect(deleted!.action).toBe('DELETE');
    // the record as it stood just before the delete: named After, archived
    expect(deleted!.before_image).toMatchObject({ id, name: 'After' });
    expect(deleted!.before_image!.archived_at).not.toBeNull();
  });

  it("keeps a member's before-image when their role changes (a declared action on a keyed record)", async () => {
    const member = await addMember(test, org, 'OPERATIVE');
    const changed = await org.api.put(`/members/${member.userId}/role`, { role: 'MANAGER' });
    expect(changed.status).toBe(200);
    const { rows } = await test.platform.db.query<Entry>(
      `SELECT e.action, e.changes, e.before_image FROM audit_entries e
         JOIN memberships m ON m.id = e.document_id
        WHERE e.organisation_id = $1 AND m.user_id = $2`,
      [org.id, member.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'CHANGE_ROLE',
      changes: { input: { role: 'MANAGER' } },
      before_image: { role: 'OPERATIVE', user_id: member.userId },
    });
  });

  it('keeps before-images from the hand-written writers (organisation options, invites)', async () => {
    const options = await org.api.put('/options/report_options', { company_name: 'Renamed Ltd' });
    expect(options.status).toBe(200);
    const [update] = (await entries('organisations', org.id)).filter((e) => e.action === 'UPDATE');
    expect(update!.before_image).toMatchObject({ id: org.id, name: 'Audit Org' });
    expect(JSON.stringify(update!.before_image)).not.toContain('Renamed Ltd');

    const invite = await org.api.post('/members/invites', {
      email: 'audit.invitee@example.test',
      role: 'OPERATIVE',
    });
    const inviteId = invite.body.data.id as string;
    expect((await org.api.post(`/members/invites/${inviteId}/cancel`)).status).toBeLessThan(300);
    const cancelled = (await entries('membership_invites', inviteId)).find(
      (e) => e.action === 'CANCEL',
    );
    expect(cancelled!.before_image).toMatchObject({ id: inviteId, cancelled_at: null });
  });

  it('names only actions of the one enumeration in packages/contract', async () => {
    await org.api.post('/update_seats', { seats: 3 }).catch(() => undefined);
    const { rows } = await test.platform.db.query<{ action: string }>(
      'SELECT DISTINCT action FROM audit_entries',
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const { action } of rows) expect(AUDIT_ACTIONS, action).toContain(action);
  });
});
