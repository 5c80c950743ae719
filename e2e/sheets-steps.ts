import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { newAccount } from './accounts';
import { generatedPng } from './png';
import { callApi, registerAdmin } from './identity';
import { addMember } from './settings-steps';

/**
 * An organisation with approvals on, its manager (the admin, Mona Manager), an operative (Otto
 * Operative) and a project "Riverside Flats" they are members of, with two approval stages
 * ("Supervisor", with a declaration, then "Client sign-off"), set up through the API. With
 * `supervisor`, a manager Sam Supervisor joins and is the one named on the first stage; with
 * `oneStage`, there is the first stage only, so an approval there is final.
 */
export async function approvalsScene(
  apiUrl: string,
  { supervisor = false, oneStage = false } = {},
) {
  const managerAccount = newAccount('Mona Manager');
  const admin = await registerAdmin(apiUrl, managerAccount, 'Door Surveys');
  const call = admin.organisationCall;
  const operative = await addMember(apiUrl, admin, 'Otto Operative', 'OPERATIVE');
  const approver = supervisor
    ? await addMember(apiUrl, admin, 'Sam Supervisor', 'MANAGER')
    : undefined;
  await call('PUT', '/organisation', { options: { features: { approvals: true } } });
  const { data: project } = await call<{ data: { id: string } }>('POST', '/projects', {
    name: 'Riverside Flats',
  });
  await call('POST', `/projects/${project.id}/members`, {
    user_ids: [operative.id, ...(approver ? [approver.id] : [])],
  });
  const stages = [
    {
      name: 'Supervisor',
      declaration: 'I checked the work on site.',
      user_ids: approver ? [approver.id] : [],
    },
    { name: 'Client sign-off', user_ids: [] },
  ];
  for (const stage of oneStage ? stages.slice(0, 1) : stages)
    await call('POST', `/projects/${project.id}/approval_stages`, stage);
  const asOperative = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(
      apiUrl,
      method,
      `/organisations/${admin.organisation.id}${path}`,
      body,
      operative.token,
    );
  return {
    slug: admin.organisation.slug,
    organisationId: admin.organisation.id,
    projectId: project.id,
    manager: managerAccount,
    operative: operative.account,
    operativeId: operative.id,
    operativeToken: operative.token,
    supervisor: approver?.account,
    call,
    asOperative,
  };
}

/**
 * The scene of the job sheet journeys: approvalsScene's organisation and project, and a "Door
 * inspection" form (a yes/no question, a required text shown only on yes, a required photo, and a
 * required signature on a second step, with the operative's declaration) put on the project
 * through the API, and `createJob` for a job of the operative's with that form. `oneStage` as in
 * approvalsScene.
 */
export async function sheetsScene(apiUrl: string, { oneStage = false } = {}) {
  const scene = await approvalsScene(apiUrl, { oneStage });
  const { call, projectId } = scene;
  const settings = {
    name: 'Door inspection',
    approval_required: true,
    operative_declaration_required: true,
    operative_declaration_text: 'I inspected this door myself.',
  };
  const { data: form } = await call<{ data: { id: string } }>('POST', '/forms', settings);
  // Field ids are unique across the product (which every journey of the run shares).
  const damagedId = randomBytes(12).toString('hex');
  await call('PUT', `/forms/new/${form.id}`, {
    ...settings,
    sections: [
      {
        name: 'Door',
        fields: [
          { id: damagedId, name: 'Is the door damaged?', type: 'BOOLEAN', required: true },
          {
            name: 'Describe the damage',
            type: 'TEXT',
            large_text: true,
            required: true,
            conditional: { field_id: damagedId, value: true },
          },
          { name: 'Photo of the door', type: 'PHOTO', required: true },
        ],
      },
      {
        name: 'Sign-off',
        fields: [{ name: 'Operative signature', type: 'SIGNATURE', required: true }],
      },
    ],
  });
  await call('POST', `/projects/${projectId}/forms/sync`, { form_ids: [form.id] });
  const today = new Date().toISOString().slice(0, 10);
  const createJob = async () =>
    (
      await call<{ data: { id: string; number: number } }>('POST', '/jobs', {
        project_id: projectId,
        operative_id: scene.operativeId,
        form_ids: [form.id],
        date: today,
      })
    ).data;
  return { ...scene, createJob };
}

/** Draws a signature-like scribble across the pad with the mouse (pointer events). */
export async function drawSignature(page: Page, label: string) {
  const pad = page.getByRole('img', { name: `${label}: sign here` });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not on the screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++)
    await page.mouse.move(box.x + 30 + step * 18, y + (step % 2 === 0 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

interface SheetAnswerView {
  id: string;
  form_field_id: string;
  name: string;
}

/**
 * As the operative, through the API: a sheet on the job, answered (not damaged, a photo, a
 * signature), its photo processed, and submitted with the declaration. Answers the sheet's id.
 */
export async function submittedSheetThroughApi(
  apiUrl: string,
  scene: Awaited<ReturnType<typeof sheetsScene>>,
  jobId: string,
  photo: Buffer,
): Promise<string> {
  const sheetId = await answeredSheetThroughApi(apiUrl, scene, jobId, photo);
  await scene.asOperative('POST', `/job_sheets/${sheetId}/submit`, {
    operative_declaration_accepted: true,
  });
  return sheetId;
}

/**
 * As the operative, through the API: a sheet on the job, answered (not damaged, a photo, a
 * signature) and its photo processed, still in progress. Answers the sheet's id.
 */
export async function answeredSheetThroughApi(
  apiUrl: string,
  scene: Awaited<ReturnType<typeof sheetsScene>>,
  jobId: string,
  photo: Buffer,
): Promise<string> {
  const { data: sheet } = await scene.asOperative<{
    data: { id: string; field_values: SheetAnswerView[] };
  }>('POST', '/job_sheets', { job_id: jobId, form_id: await formIdOf(scene, jobId) });
  const field = (name: string) => {
    const value = sheet.field_values.find((candidate) => candidate.name === name);
    if (!value) throw new Error(`The sheet has no field "${name}"`);
    return value;
  };
  await scene.asOperative('PATCH', `/job_sheets/${sheet.id}`, {
    field_values: [
      { form_field_id: field('Is the door damaged?').form_field_id, value_boolean: false },
      {
        form_field_id: field('Operative signature').form_field_id,
        value_signature: {
          name: 'Otto Operative',
          width: 300,
          height: 120,
          signature: `data:image/png;base64,${generatedPng(300, 120, 99).toString('base64')}`,
        },
      },
    ],
    operative_declaration_accepted: true,
  });
  const body = new FormData();
  body.set('job_sheet_id', sheet.id);
  body.set('job_sheet_field_value_id', field('Photo of the door').id);
  body.set('order', '0');
  body.set('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'door.png');
  const upload = await fetch(`${apiUrl}/organisations/${scene.organisationId}/job_sheet_photos`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${scene.operativeToken}` },
    body,
  });
  if (!upload.ok)
    throw new Error(`The photo upload answered ${upload.status}: ${await upload.text()}`);
  await waitForReadyPhotos(scene, sheet.id);
  return sheet.id;
}

async function formIdOf(scene: Awaited<ReturnType<typeof sheetsScene>>, jobId: string) {
  const { data } = await scene.call<{ data: { form_ids: string[] } }>('GET', `/jobs/${jobId}`);
  const formId = data.form_ids[0];
  if (!formId) throw new Error('The job has no form');
  return formId;
}

/** Photos are processed on the queue: waits until every photo of the sheet is READY. */
async function waitForReadyPhotos(scene: Awaited<ReturnType<typeof sheetsScene>>, sheetId: string) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const { data } = await scene.call<{ data: { photos: { status: string }[] } }>(
      'GET',
      `/job_sheets/${sheetId}`,
    );
    if (data.photos.length > 0 && data.photos.every((photo) => photo.status === 'READY')) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('The photos were not processed in 30 s');
}
