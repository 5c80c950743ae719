import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheetScene, SIGNATURE_PNG, type SheetScene } from '../../../../test/fixtures/job-sheets';
import { startTestApp, storedKeys, type TestApp } from '../../../../test/harness';
import { processed, sceneSheet, uploadPhoto, type SheetFixture } from './photos-testing';
import { sitePhoto } from './test-images';

let test: TestApp;
let scene: SheetScene;

beforeAll(async () => {
  test = await startTestApp();
  scene = await sheetScene(test, 'Files Org');
});
afterAll(() => test.close());

/** Every file in storage (finished files only), on either backend. */
const storedFiles = () => storedKeys(test);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the queue to leave `count` files in the storage folder (up to 40 s: on a loaded
 * machine the queue's worker and the photo processing share two cores); answers them.
 */
async function settlesAt(count: number) {
  let files: string[] = [];
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    files = await storedFiles();
    if (files.length === count) break;
    await pause(100);
  }
  expect(files.length).toBe(count);
  return files;
}

/** A sheet of the scene's job with a signature and two processed photos. */
async function sheetWithFiles(): Promise<SheetFixture> {
  const api = scene.operative.orgApi;
  const sheet = await sceneSheet(scene, [
    {
      form_field_id: scene.fields.signature,
      value_signature: { width: 1, height: 1, signature: SIGNATURE_PNG },
    },
  ]);
  for (const seed of [61, 62]) {
    const upload = await uploadPhoto(test, scene.org, scene.operative.token, sheet, {
      name: `${seed}.jpg`,
      content: await sitePhoto(seed, { width: 3000, height: 2000 }),
    });
    expect(upload.status).toBe(201);
    expect((await processed(api, upload.body.data.id)).status).toBe('READY');
  }
  return sheet;
}

describe('stored files of job sheets', { timeout: 120_000 }, () => {
  it('deleting a sheet removes its photos (original, display copy, thumbnail) and signature', async () => {
    const before = await storedFiles();
    const sheet = await sheetWithFiles();
    // 2 × (original + display copy + thumbnail) + 1 signature
    expect((await storedFiles()).length).toBe(before.length + 7);
    expect((await scene.operative.orgApi.delete(`/job_sheets/${sheet.id}`)).status).toBe(204);
    expect(await settlesAt(before.length)).toEqual(before);
  });

  it('deleting a photo removes its three files; a refused delete removes none', async () => {
    const before = await storedFiles();
    const sheet = await sheetWithFiles();
    const withFiles = await storedFiles();
    const { body } = await scene.manager.orgApi.get(
      `/job_sheet_photos?filter[job_sheet_id]=${sheet.id}`,
    );
    const [first, second] = body.data as { id: string }[];
    expect((await scene.operative.orgApi.delete(`/job_sheet_photos/${first!.id}`)).status).toBe(
      204,
    );
    await settlesAt(withFiles.length - 3);
    // refused (another operative's sheet is not theirs to change): nothing goes
    const refused = await scene.approver.orgApi.delete(`/job_sheet_photos/${second!.id}`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await pause(300);
    expect((await storedFiles()).length).toBe(withFiles.length - 3);
    await scene.manager.orgApi.delete(`/job_sheets/${sheet.id}`);
    expect(await settlesAt(before.length)).toEqual(before);
  });

  it("a job's forced delete removes its sheets' files", async () => {
    const before = await storedFiles();
    await sheetWithFiles();
    await sheetWithFiles();
    expect((await storedFiles()).length).toBe(before.length + 14);
    const job = await scene.org.api.post('/jobs', {
      project_id: scene.projectId,
      operative_id: scene.operative.userId,
      form_ids: [scene.formId],
    });
    // the scene's job holds the two sheets; a fresh job keeps the scene usable for later tests
    const deleted = await scene.org.api.delete(`/jobs/${scene.jobId}?force=true`);
    expect(deleted.status).toBe(204);
    expect(await settlesAt(before.length)).toEqual(before);
    scene.jobId = job.body.data.id as string;
  });

  it('a replaced or cleared signature leaves no file; a rolled-back one is not written', async () => {
    const before = await storedFiles();
    const api = scene.operative.orgApi;
    const created = await api.post('/job_sheets', { job_id: scene.jobId, form_id: scene.formId });
    const sheetId = created.body.data.id as string;
    const sign = (value: unknown) => ({
      field_values: [{ form_field_id: scene.fields.signature, value_signature: value }],
    });
    const signature = { width: 1, height: 1, signature: SIGNATURE_PNG };
    expect((await api.put(`/job_sheets/${sheetId}`, sign(signature))).status).toBe(200);
    const one = await storedFiles();
    expect(one.length).toBe(before.length + 1);
    // a new signature replaces the file; the old one goes on the queue
    expect((await api.put(`/job_sheets/${sheetId}`, sign(signature))).status).toBe(200);
    await pause(300);
    const replaced = await settlesAt(one.length);
    expect(replaced).not.toEqual(one);

    // answers saved, then the submit refused (notes are required): nothing is kept
    const refused = await api.post(`/job_sheets/${sheetId}/update_and_submit`, {
      ...sign(signature),
      operative_declaration_accepted: true,
    });
    expect(refused.status).toBe(422);
    await pause(100);
    expect(await storedFiles()).toEqual(replaced);

    expect((await api.put(`/job_sheets/${sheetId}`, sign(null))).status).toBe(200);
    expect(await settlesAt(before.length)).toEqual(before);
  });
});
