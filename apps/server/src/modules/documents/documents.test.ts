import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeAnswers, sheetSceneApp } from '../../../test/fixtures/job-sheets';
import {
  addMember,
  createOrganisation,
  getFile,
  type OrganisationFixture,
} from '../../../test/harness';
import { postFile } from '../people/people-testing';
import { generatedPdf, signaturePng } from './documents-testing';

const { test, scene } = sheetSceneApp('Documents Org');
let other: OrganisationFixture;

beforeAll(async () => {
  other = await createOrganisation(test.app, 'Other Documents Org');
});

const folder = async (name: string, folderId: string | null = null, isPrivate = false) => {
  const created = await scene.org.api.post('/documents/folder', {
    project_id: scene.projectId,
    folder_id: folderId,
    name,
    private: isPrivate,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; path: unknown[] };
};

const upload = async (name: string, folderId: string | null, content?: Buffer) => {
  const uploaded = await postFile(
    test,
    scene.org,
    '/documents/file',
    { project_id: scene.projectId, folder_id: folderId ?? '' },
    { name, content: content ?? (await generatedPdf(2)), type: 'application/pdf' },
  );
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  return uploaded.body.data as { id: string; file: { url: string } };
};

async function built(url: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const reply = await getFile(test.app, url);
    if (reply.statusCode === 200) return reply;
    expect(reply.statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the signed copy was not built');
}

describe('documents', () => {
  it('keep a tree of folders and files with breadcrumbs, signed file addresses and renames', async () => {
    const site = await folder('Site');
    const safety = await folder('Safety', site.id);
    expect(safety.path).toEqual([{ folder_id: site.id, folder_name: 'Site' }]);
    const file = await upload('method.pdf', safety.id);
    const got = await scene.org.api.get(`/documents/${file.id}?expand[]=created_by_user`);
    expect(got.body.data).toMatchObject({
      name: 'method.pdf',
      is_folder: false,
      private: false,
      in_private_folder: false,
      folder_id: safety.id,
      project_id: scene.projectId,
      path: [
        { folder_id: site.id, folder_name: 'Site' },
        { folder_id: safety.id, folder_name: 'Safety' },
      ],
      file: { content_type: 'application/pdf' },
      created_by_user: { id: scene.org.owner.userId },
    });
    const download = await getFile(test.app, got.body.data.file.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const inline = await scene.org.api.get(`/documents/${file.id}/file?inline=false`);
    expect(inline.status).toBe(302);
    expect(inline.headers.location).toContain('download=1');
    const page = await scene.org.api.get(`/documents/${file.id}/file?page=2&width=200&format=png`);
    const png = await getFile(test.app, page.headers.location as string);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toContain('image/png');

    // The whole root at once (page=all streams from a cursor) and the project's folders.
    for (const query of [
      `filter[project_id]=${scene.projectId}&filter[folder_id]=null&sort=name&page=all`,
      `filter[project_id]=${scene.projectId}&filter[is_folder]=true&sort=name&page=all`,
    ]) {
      const all = await scene.org.api.get(`/documents?${query}`);
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      expect(all.body.data.length).toBeGreaterThan(0);
    }
    // The folder's listing: folders first, then files.
    await upload('zeta.pdf', site.id);
    const listing = await scene.org.api.get(
      `/documents?filter[project_id]=${scene.projectId}&filter[folder_id]=${site.id}`,
    );
    expect(listing.body.data.map((row: { name: string }) => row.name)).toEqual([
      'Safety',
      'zeta.pdf',
    ]);

    const renamed = await scene.org.api.put(`/documents/${safety.id}/rename`, { name: 'H&S' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await scene.org.api.get(`/documents/${file.id}`)).body.data.path[1].folder_name).toBe(
      'H&S',
    );
    // Names are unique per folder, without regard to case, folders and files apart.
    const sibling = await folder('Other', site.id);
    const clash = await scene.org.api.put(`/documents/${sibling.id}/rename`, { name: 'h&s' });
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0].field).toBe('name');
    expect(
      (await scene.org.api.put(`/documents/${sibling.id}/rename`, { name: 'Site' })).status,
    ).toBe(200);

    // Bad input: unknown keys and a wrong type are refused, naming each field.
    const bad = await scene.org.api.post('/documents/folder', {
      project_id: scene.projectId,
      name: '',
      colour: 'red',
    });
    expect(bad.status).toBe(422);
    const renamedBad = await scene.org.api.put(`/documents/${file.id}/rename`, { name: 3 });
    expect(renamedBad.status).toBe(422);
    const notPdf = await postFile(
      test,
      scene.org,
      '/documents/file',
      { project_id: scene.projectId },
      { name: 'fake.pdf', content: Buffer.from('\u0000\u0001binary'), type: 'application/pdf' },
    );
    expect(notPdf.status).toBe(422);
  });

  it('hide a private folder and what is in it from an operative, and show it to managers', async () => {
    const hidden = await folder('Payroll');
    const inside = await upload('rates.pdf', hidden.id);
    const privatised = await scene.org.api.put(`/documents/${hidden.id}/privatise`, {});
    expect(privatised.status, JSON.stringify(privatised.body)).toBe(200);
    expect(privatised.body.data.private).toBe(true);
    const operative = scene.operative.orgApi;
    expect((await operative.get(`/documents/${hidden.id}`)).status).toBe(404);
    expect((await operative.get(`/documents/${inside.id}`)).status).toBe(404);
    expect((await operative.get(`/documents/${inside.id}/file`)).status).toBe(404);
    const theirs = await operative.get(`/documents?filter[project_id]=${scene.projectId}&page=all`);
    expect(JSON.stringify(theirs.body)).not.toContain('rates.pdf');
    const managers = await scene.manager.orgApi.get(`/documents/${inside.id}`);
    expect(managers.body.data).toMatchObject({ in_private_folder: true, private: false });
    // Each record says what the caller may do with it.
    expect(managers.body.data.permissions).toMatchObject({
      rename: true,
      move: true,
      delete: true,
    });
    // Operatives may not write documents at all (403 before the record is looked up).
    expect((await operative.put(`/documents/${inside.id}/rename`, { name: 'x' })).status).toBe(403);
    expect((await scene.org.api.put(`/documents/${hidden.id}/publicise`, {})).status).toBe(200);
    const read = await operative.get(`/documents/${inside.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.permissions).toMatchObject({ rename: false, move: false, delete: false });
    // Operatives read; they do not write.
    const theirFolder = await operative.post('/documents/folder', {
      project_id: scene.projectId,
      name: 'Mine',
    });
    expect(theirFolder.status).toBe(403);
  });

  it('move many with a reason for each failed item: into itself, its own child, a clash, a missing target', async () => {
    const parent = await folder('Parent');
    const child = await folder('Child', parent.id);
    const loose = await upload('loose.pdf', null);
    const clashing = await upload('loose.pdf', child.id);
    const intoChild = await scene.org.api.put('/documents/move_many', {
      ids: [parent.id, loose.id],
      folder_id: child.id,
    });
    expect(intoChild.status, JSON.stringify(intoChild.body)).toBe(200);
    expect(intoChild.body.moved).toEqual([]);
    expect(intoChild.body.failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: parent.id, code: 'into_descendant' }),
        expect.objectContaining({ id: loose.id, code: 'name_clash' }),
      ]),
    );
    const intoItself = await scene.org.api.put('/documents/move_many', {
      ids: [child.id],
      folder_id: child.id,
    });
    expect(intoItself.body.failed[0]).toMatchObject({ code: 'into_itself' });
    const missing = await scene.org.api.put('/documents/move_many', {
      ids: [clashing.id],
      folder_id: 'a'.repeat(24),
    });
    expect(missing.body.failed[0]).toMatchObject({ code: 'target_missing' });
    const one = await scene.org.api.put(`/documents/${parent.id}/move`, { folder_id: child.id });
    expect(one.status).toBe(422);
    expect(one.body.errors[0]).toMatchObject({ field: 'folder_id', code: 'into_descendant' });

    const toRoot = await scene.org.api.put('/documents/move_many', {
      ids: [clashing.id, child.id],
      folder_id: null,
    });
    expect(toRoot.body.failed).toEqual([
      expect.objectContaining({ id: clashing.id, code: 'name_clash' }),
    ]);
    expect(toRoot.body.moved).toEqual([child.id]);
    const moved = await scene.org.api.put('/documents/move_many', {
      ids: [parent.id],
      folder_id: child.id,
    });
    expect(moved.body.moved, JSON.stringify(moved.body)).toEqual([parent.id]);
    expect((await scene.org.api.get(`/documents/${parent.id}`)).body.data.path).toEqual([
      { folder_id: child.id, folder_name: 'Child' },
    ]);
    // Deleting a folder takes what is in it.
    expect((await scene.org.api.delete(`/documents/${child.id}`)).status).toBe(204);
    expect((await scene.org.api.get(`/documents/${clashing.id}`)).status).toBe(404);
  });

  it('are every organisation’s own: another organisation gets 404s', async () => {
    const mine = await upload('ours.pdf', null);
    const signed = await scene.org.api.put(`/documents/${mine.id}/convert_to_signed`, {});
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    for (const path of [
      `/documents/${mine.id}`,
      `/documents/${mine.id}/file`,
      `/signed_documents/${signed.body.data.id}`,
      `/signed_documents/${signed.body.data.id}/members`,
      `/signed_documents/${signed.body.data.id}/file`,
    ])
      expect((await other.api.get(path)).status, path).toBe(404);
    expect((await other.api.put(`/documents/${mine.id}/rename`, { name: 'x' })).status).toBe(404);
    expect(
      (await other.api.post(`/signed_documents/${signed.body.data.id}/publish`, {})).status,
    ).toBe(404);
    const theirMove = await other.api.put('/documents/move_many', {
      ids: [mine.id],
      folder_id: null,
    });
    expect(theirMove.body.failed[0]).toMatchObject({ id: mine.id, code: 'not_found' });
    const theirs = await postFile(
      test,
      other,
      '/documents/file',
      { project_id: scene.projectId },
      { name: 'x.pdf', content: await generatedPdf(1) },
      other.owner.token,
    );
    expect(theirs.status).toBe(422);
  });
});

describe('signed documents', () => {
  it('stop an operative’s job sheets while a mandatory document is unsigned, and sign it into a copy', async () => {
    const statement = await upload('Induction.pdf', null, await generatedPdf(3));
    const converted = await scene.org.api.put(`/documents/${statement.id}/convert_to_signed`, {
      prevent_job_sheets: 'true',
      enableOnCreate: 'true',
      addUserIds: [scene.operative.userId],
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    const id = converted.body.data.id as string;
    expect(converted.body.data).toMatchObject({
      name: 'Induction',
      status: 'ACTIVE',
      prevent_job_sheets: true,
      is_mandatory: false,
      member_count: 1,
      pending_count: 1,
      completed_count: 0,
      progress: 0,
      document_id: statement.id,
    });
    expect(converted.body.data.published_at).not.toBeNull();
    const mandated = await scene.org.api.put(`/signed_documents/${id}/mandate`, {});
    expect(mandated.status, JSON.stringify(mandated.body)).toBe(200);

    const operative = scene.operative.orgApi;
    const refused = await operative.post('/job_sheets', {
      job_id: scene.jobId,
      form_id: scene.formId,
      field_values: completeAnswers(scene),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ field: 'job_id', code: 'job_sheets_prevented' });
    expect(refused.body.errors[0].message).toContain('Induction');

    const mine = await operative.get(`/signed_documents/${id}`);
    expect(mine.body.data.is_outstanding).toBe(true);
    expect(mine.body.data.permissions).toMatchObject({ update: false, mandate: false });
    const inbox = await operative.get('/inbox');
    expect(inbox.body.outstanding_documents.count).toBe(1);
    expect(inbox.body.outstanding_documents.data[0].id).toBe(id);

    const viewed = await operative.post(`/signed_documents/${id}/view`, {});
    expect(viewed.status, JSON.stringify(viewed.body)).toBe(200);
    expect(viewed.body.data.viewed_at).toHaveLength(1);

    const badSignature = await operative.post(`/signed_documents/${id}/sign`, {
      signature: 'data:image/png;base64,AAAA',
    });
    expect(badSignature.status).toBe(422);
    const signed = await operative.post(`/signed_documents/${id}/sign`, {
      signature: await signaturePng(),
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data.completed_at).not.toBeNull();
    expect(signed.body.data.is_outstanding).toBe(false);
    const again = await operative.post(`/signed_documents/${id}/sign`, {
      signature: await signaturePng(),
    });
    expect(again.status).toBe(409);

    const created = await operative.post('/job_sheets', {
      job_id: scene.jobId,
      form_id: scene.formId,
      field_values: completeAnswers(scene),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // The signed copy: the original's pages and an audit page; the original unchanged.
    let member: { signed_file: { url: string } | null } = { signed_file: null };
    for (let attempt = 0; attempt < 300 && !member.signed_file; attempt += 1) {
      const members = await operative.get(`/signed_documents/${id}/members`);
      member = members.body.data[0];
      if (!member.signed_file) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const copy = await built(member.signed_file!.url);
    const pdf = await PDFDocument.load(copy.rawPayload);
    expect(pdf.getPageCount()).toBe(4);
    const original = await getFile(
      test.app,
      (await scene.org.api.get(`/documents/${statement.id}`)).body.data.file.url,
    );
    expect((await PDFDocument.load(original.rawPayload)).getPageCount()).toBe(3);

    const counts = await scene.org.api.get(`/signed_documents/${id}`);
    expect(counts.body.data.permissions).toMatchObject({ update: true, mandate: true });
    expect(counts.body.data).toMatchObject({
      member_count: 1,
      viewed_count: 1,
      completed_count: 1,
      pending_count: 0,
      progress: 1,
    });
    expect((await operative.get('/inbox')).body.outstanding_documents.count).toBe(0);
  });

  it('create from the spec’s payload with booleans as strings, add teams, remind on the queue', async () => {
    const team = await scene.org.api.post('/teams', { name: 'Crew' });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    await scene.org.api.post(`/teams/${team.body.data.id}/add_members`, {
      user_ids: [scene.approver.userId],
    });
    const created = await postFile(
      test,
      scene.org,
      '/signed_documents',
      {
        project_id: scene.projectId,
        name: 'Risk assessment',
        reference: 'RA-1',
        prevent_job_sheets: 'false',
        is_automatic: 'true',
        enableOnCreate: 'false',
        addUserIds: scene.operative.userId,
      },
      { name: 'ra.pdf', content: await generatedPdf(1), type: 'application/pdf' },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    expect(created.body.data).toMatchObject({
      reference: 'RA-1',
      is_automatic: true,
      status: 'INACTIVE',
      published_at: null,
      member_count: 1,
    });
    // Not published: the operative does not see it.
    expect((await scene.operative.orgApi.get(`/signed_documents/${id}`)).status).toBe(404);
    const added = await scene.org.api.post(`/signed_documents/${id}/members`, {
      team_ids: [team.body.data.id],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data[0]).toMatchObject({
      user_id: scene.approver.userId,
      team_ids: [team.body.data.id],
    });
    for (const action of ['publish', 'enable', 'deautomate'])
      expect((await scene.org.api.put(`/signed_documents/${id}/${action}`, {})).status).toBe(200);
    const reminded = await scene.org.api.post(`/signed_documents/${id}/remind`, {});
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(200);
    expect(reminded.body.reminded).toBe(2);
    expect(reminded.body.last_requested_at).not.toBeNull();
    const members = await scene.org.api.get(`/members/${scene.operative.userId}`);
    expect(members.body.data.metrics).toMatchObject({
      signed_documents_outstanding: expect.any(Number),
    });
    // An automatic document is asked of whoever joins the project later.
    const joiner = await addMember(test, scene.org, 'OPERATIVE');
    await scene.org.api.put(`/signed_documents/${id}/automate`, {});
    await scene.org.api.post(`/projects/${scene.projectId}/members`, { user_ids: [joiner.userId] });
    const asked = await scene.org.api.get(`/signed_documents/${id}/members?page=all`);
    expect(JSON.stringify(asked.body)).toContain(joiner.userId);
    const badBoolean = await postFile(
      test,
      scene.org,
      '/signed_documents',
      { project_id: scene.projectId, name: 'X', prevent_job_sheets: 'yes' },
      { name: 'x.pdf', content: await generatedPdf(1) },
    );
    expect(badBoolean.status).toBe(422);
    expect(JSON.stringify(badBoolean.body.errors)).toContain('prevent_job_sheets');
  });

  it('list across projects without filter[project_id], by project, search and has_outstanding', async () => {
    const harbourId = (await scene.org.api.post('/projects', { name: 'Harbour' })).body.data
      .id as string;
    await scene.org.api.post(`/projects/${harbourId}/members`, {
      user_ids: [scene.operative.userId],
    });
    const make = async (projectId: string, name: string, fields: Record<string, string>) => {
      const created = await postFile(
        test,
        scene.org,
        '/signed_documents',
        { project_id: projectId, name, ...fields },
        { name: `${name}.pdf`, content: await generatedPdf(1), type: 'application/pdf' },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.id as string;
    };
    const asked = { enableOnCreate: 'true', addUserIds: scene.operative.userId };
    // Published and enabled with the operative asked: outstanding until the operative signs.
    const quay = await make(harbourId, 'Quay rules', asked);
    // Published and enabled, nobody asked: nobody has anything to sign.
    const empty = await make(harbourId, 'Crane plan', { enableOnCreate: 'true' });
    // Asked, but neither published nor enabled: not outstanding either.
    const draft = await make(scene.projectId, 'Toolbox talk', {
      enableOnCreate: 'false',
      addUserIds: scene.operative.userId,
    });
    const names = async (query: string, api = scene.org.api) => {
      const listed = await api.get(`/signed_documents?page=all&${query}`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return (listed.body.data as { id: string; project: { name: string } }[]).map(
        (document) => `${document.project.name}: ${document.id}`,
      );
    };

    const all = await names('sort=name');
    expect(all).toEqual(
      expect.arrayContaining([`Harbour: ${quay}`, `Harbour: ${empty}`, `Riverside: ${draft}`]),
    );
    expect(await names(`filter[project_id]=${harbourId}`)).toEqual([
      `Harbour: ${empty}`,
      `Harbour: ${quay}`,
    ]);
    expect(await names('filter[search]=toolbox')).toEqual([`Riverside: ${draft}`]);
    const waiting = await names('filter[has_outstanding]=true');
    expect(waiting).toContain(`Harbour: ${quay}`);
    expect(waiting).not.toContain(`Harbour: ${empty}`);
    expect(waiting).not.toContain(`Riverside: ${draft}`);
    const done = await names('filter[has_outstanding]=false');
    expect(done).toEqual(expect.arrayContaining([`Harbour: ${empty}`, `Riverside: ${draft}`]));
    expect(done).not.toContain(`Harbour: ${quay}`);

    // The operative sees the published documents asked of them, across projects.
    const operative = scene.operative.orgApi;
    const theirs = await names('filter[has_outstanding]=true', operative);
    expect(theirs).toContain(`Harbour: ${quay}`);
    expect(await names('', operative)).not.toContain(`Riverside: ${draft}`);

    const signed = await operative.post(`/signed_documents/${quay}/sign`, {
      signature: await signaturePng(),
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(await names('filter[has_outstanding]=true')).not.toContain(`Harbour: ${quay}`);
    expect(await names(`filter[has_outstanding]=true&filter[project_id]=${harbourId}`)).toEqual([]);
  });
});
