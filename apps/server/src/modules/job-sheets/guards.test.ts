import { describe, expect, it } from 'vitest';
import { completeAnswers, sheetSceneApp } from '../../../test/fixtures/job-sheets';
import { jobSheetGuards } from './guards';
import { processed, sceneSheet, uploadPhoto } from './photos/photos-testing';
import { sitePhoto } from './photos/test-images';

const { test, scene } = sheetSceneApp('Guarded Org');

// A later area's guard, as src/modules.ts would add it: it refuses the sheets the test names.
const unsigned = new Set<string>();
jobSheetGuards.add({
  async refuseSubmission(_ctx, ids) {
    return new Map(
      ids.filter((id) => unsigned.has(id)).map((id) => [id, 'The site induction is not signed.']),
    );
  },
});

async function answeredSheet() {
  const sheet = await sceneSheet(scene, completeAnswers(scene));
  for (const seed of [81, 82]) {
    const upload = await uploadPhoto(test, scene.org, scene.operative.token, sheet, {
      name: `${seed}.png`,
      content: await sitePhoto(seed, { width: 80, height: 60, format: 'png' }),
    });
    expect(upload.status).toBe(201);
    await processed(scene.operative.orgApi, upload.body.data.id);
  }
  return sheet;
}

describe('job sheet guards (an extension point for later areas)', () => {
  it("refuses a submission with the guard's reason while it refuses, then lets it through", async () => {
    const sheet = await answeredSheet();
    const submit = () =>
      scene.operative.orgApi.post(`/job_sheets/${sheet.id}/submit`, {
        operative_declaration_accepted: true,
      });
    unsigned.add(sheet.id);
    const refused = await submit();
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('The site induction is not signed.');

    unsigned.delete(sheet.id);
    const submitted = await submit();
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  });
});
