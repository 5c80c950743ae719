import { describe, expect, it } from 'vitest';
import { getFile, organisationApp } from '../../../test/harness';
import { readPdfText } from '../billing/pdf-testing';
import { drawingGround, drawingPdf, settled } from './locations-testing';
import { postFile } from '../people/people-testing';

const { test, org, other } = organisationApp('Drawing PDF Org', { other: 'Other PDF Org' });

describe('POST /reports/build/drawing_pdf', () => {
  it('prints the drawing with its numbered pins and a legend of statuses with counts', async () => {
    const ground = await drawingGround(org.api);
    await org.api.put('/options/report_options', { company_name: 'Firestop Surveys Ltd' });
    const upload = await postFile(
      test,
      org,
      '/drawings',
      { level_id: ground.levelId, name: 'Ground plan' },
      { name: 'plan.pdf', content: await drawingPdf(720, 360) },
    );
    const drawingId = upload.body.data.id as string;
    await settled(org.api, `/drawings/${drawingId}`);
    const statuses = (await org.api.get(`/projects/${ground.projectId}/location_statuses`)).body
      .data as Array<{ id: string; name: string }>;
    for (const [index, top] of [0.2, 0.4, 0.6].entries()) {
      const created = await org.api.post('/locations', {
        project_id: ground.projectId,
        drawing_id: drawingId,
        drawing_pos_top: top,
        drawing_pos_left: top,
        status_id: statuses[index === 2 ? 1 : 0]!.id,
      });
      expect(created.status).toBe(201);
    }
    const built = await org.api.post('/reports/build/drawing_pdf', { drawing_id: drawingId });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.data).toMatchObject({ kind: 'report-drawing-pdf' });
    const file = await getFile(test.app, built.body.url);
    expect(file.statusCode).toBe(200);
    const text = await readPdfText(new Uint8Array(file.rawPayload));
    expect(text).toContain('Ground plan');
    expect(text).toContain('Firestop Surveys Ltd');
    expect(text).toContain(`${statuses[0]!.name} (2)`);
    expect(text).toContain(`${statuses[1]!.name} (1)`);
    expect(text).toContain('3 locations on this drawing');
    const reports = await org.api.get('/reports');
    expect(reports.body.data.map((report: { id: string }) => report.id)).toContain(
      built.body.data.id,
    );
    const foreign = await other.api.post('/reports/build/drawing_pdf', { drawing_id: drawingId });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].field).toBe('drawing_id');
  });
});
