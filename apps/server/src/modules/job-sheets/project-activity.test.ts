import { describe, expect, it } from 'vitest';
import { sheetSceneApp, submittedSheet } from '../../../test/fixtures/job-sheets';
import { createOrganisation } from '../../../test/harness';

const { test, scene } = sheetSceneApp('Project Hub Org');

interface Entry {
  collection_name: string;
  document_id: string;
  document_name: string | null;
  action: string;
  performed_by_name: string | null;
  performed_at: string;
}

describe('GET /projects/{id}/activity (the project hub)', () => {
  it("answers the project's, its jobs' and its sheets' latest changes, newest first, with who", async () => {
    const sheet = await submittedSheet(scene);
    await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {
      declaration_accepted: true,
    });
    // Another project's work stays out.
    const other = (await scene.manager.orgApi.post('/projects', { name: 'Elsewhere' })).body.data;
    await scene.manager.orgApi.post('/jobs', { project_id: other.id });

    const answer = await scene.manager.orgApi.get(`/projects/${scene.projectId}/activity`);
    expect(answer.status).toBe(200);
    const entries = answer.body.data as Entry[];
    const times = entries.map((entry) => entry.performed_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(entries[0]).toMatchObject({
      collection_name: 'job_sheets',
      document_id: sheet.id,
      document_name: `Sheet ${sheet.number}`,
      action: 'APPROVE',
    });
    const kinds = new Set(entries.map((entry) => entry.collection_name));
    expect(kinds).toEqual(new Set(['projects', 'jobs', 'job_sheets']));
    expect(entries.find((entry) => entry.action === 'SUBMIT')?.performed_by_name).toBeTruthy();
    expect(entries.some((entry) => entry.document_id === other.id)).toBe(false);
    const projectEntry = entries.find((entry) => entry.collection_name === 'projects');
    expect(projectEntry?.document_name).toBe('Riverside');
  });

  it('is for managers: operatives and guests are refused, an unknown project is not found', async () => {
    for (const member of [scene.operative, scene.guest]) {
      const refused = await member.orgApi.get(`/projects/${scene.projectId}/activity`);
      expect(refused.status).toBe(403);
    }
    const missing = await scene.manager.orgApi.get(`/projects/${'f'.repeat(24)}/activity`);
    expect(missing.status).toBe(404);
    // Another organisation's manager learns nothing of it.
    const stranger = await createOrganisation(test.app, 'Stranger Org');
    const foreign = await stranger.api.get(`/projects/${scene.projectId}/activity`);
    expect(foreign.status).toBe(404);
  });
});
