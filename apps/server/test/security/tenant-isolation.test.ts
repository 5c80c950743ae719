import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from '../../src/modules';
import { fullPath } from '../../src/platform/http/register';
import { newId } from '../../src/platform/ids';
import {
  addMember,
  client,
  createOrganisation,
  getFile,
  type OrganisationFixture,
  startTestApp,
  type TestApp,
} from '../harness';

/**
 * Walks every registered organisation route and proves that a member of A learns nothing of B:
 * B's base path is refused outright, and B's record ids used under A's base path are not found.
 * A route whose record it cannot name fails this test, so new entities must add a fixture here.
 */
let test: TestApp;
let a: OrganisationFixture;
let b: OrganisationFixture;
const SECRET_NAME = 'Secret B Client';
const SECRET_EMAIL = 'secret-contact@b.example';
const bRecords: Record<string, string> = {};
const CONFIGURATION_LISTS = [
  'location_statuses',
  'job_attributes',
  'location_attributes',
  'specification_attributes',
  'approval_stages',
  'document_folders',
  'signed_document_folders',
  'materials',
  'forms',
];
let bAuditEntries = 0;

beforeAll(async () => {
  test = await startTestApp();
  a = await createOrganisation(test.app, 'Tenant A');
  b = await createOrganisation(test.app, 'Tenant B');
  const bClient = await b.api.post('/clients', { name: SECRET_NAME });
  bRecords.clients = bClient.body.data.id;
  const bContact = await b.api.post('/contacts', {
    client_id: bRecords.clients,
    name: 'Secret Contact',
    email: SECRET_EMAIL,
  });
  bRecords.contacts = bContact.body.data.id;
  // People: a member, a guest, invites (the secret e-mail), an invite link, a team, a qualification
  const bMember = await addMember(test, b, 'OPERATIVE');
  bRecords.members = bMember.userId;
  bRecords.user_profiles = bMember.userId;
  bRecords.guests = (await addMember(test, b, 'GUEST')).userId;
  // Projects: one from a library template (statuses, attributes, stages, folders, forms), a
  // template, a material on the project
  bRecords.projects = (
    await b.api.post('/projects', {
      name: `${SECRET_NAME} project`,
      reference: SECRET_EMAIL,
      client_id: bRecords.clients,
      library_project_template_id: '5f0a1b2c3d4e5f6a7b8c9d01',
    })
  ).body.data.id;
  bRecords.project_templates = (
    await b.api.post('/project_templates', {
      name: `${SECRET_NAME} template`,
      from_project_id: bRecords.projects,
    })
  ).body.data.id;
  // Library templates are the product's, not B's: an unknown id stands in for "B's".
  bRecords.library_project_templates = newId();
  const bProject = (
    await b.api.get(
      `/projects/${bRecords.projects}?${CONFIGURATION_LISTS.map((list) => `expand[]=${list}`).join('&')}`,
    )
  ).body.data;
  const bMaterial = newId();
  await test.platform.db.query(
    `INSERT INTO materials (id, organisation_id, name) VALUES ($1, $2, $3)`,
    [bMaterial, b.id, `${SECRET_NAME} material`],
  );
  await b.api.post(`/projects/${bRecords.projects}/materials`, { material_id: bMaterial });
  // Rate sets and forms of B with the secret name (GET /rate_sets/{id}; lists and pickers)
  bRecords.rate_sets = newId();
  await test.platform.db.query(
    `INSERT INTO rate_sets (id, organisation_id, name) VALUES ($1, $2, $3)`,
    [bRecords.rate_sets, b.id, `${SECRET_NAME} rates`],
  );
  await test.platform.db.query(
    `INSERT INTO forms (id, organisation_id, name) VALUES ($1, $2, $3)`,
    [newId(), b.id, `${SECRET_NAME} form`],
  );
  // Material groups, tags, rate groups and services of B with the secret name
  for (const resource of ['material_groups', 'material_tags', 'material_rate_groups', 'services'])
    bRecords[resource] = (
      await b.api.post(`/${resource}`, { name: `${SECRET_NAME} ${resource}` })
    ).body.data.id;
  // A library form of B with a section and a field (/forms/{formId}/sections/{sectionId}/fields)
  bRecords.library_forms = (
    await b.api.post('/forms', { name: `${SECRET_NAME} library form` })
  ).body.data.id;
  bRecords.sections = (
    await b.api.post(`/forms/${bRecords.library_forms}/sections`, { name: SECRET_NAME })
  ).body.data.id;
  bRecords.fields = (
    await b.api.post(`/forms/${bRecords.library_forms}/sections/${bRecords.sections}/fields`, {
      name: SECRET_NAME,
      type: 'TEXT',
    })
  ).body.data.id;
  // B's project has a member and a guest (GET /projects/{id}/members and /guests)
  await b.api.post(`/projects/${bRecords.projects}/members`, {
    user_ids: [bRecords.members, bRecords.guests],
  });
  await b.api.post(`/projects/${bRecords.projects}/job_attributes`, { name: SECRET_NAME });
  await b.api.post(`/projects/${bRecords.projects}/specification_attributes`, {
    name: SECRET_NAME,
  });
  await b.api.post(`/projects/${bRecords.projects}/signed_document_folders`, {
    name: SECRET_NAME,
  });
  const bLists = (
    await b.api.get(
      `/projects/${bRecords.projects}?${CONFIGURATION_LISTS.map((list) => `expand[]=${list}`).join('&')}`,
    )
  ).body.data;
  for (const list of CONFIGURATION_LISTS) {
    bRecords[list] = (bLists[list] ?? bProject[list])[0]?.id;
  }
  const bInvite = await b.api.post('/members/invites', { email: SECRET_EMAIL, role: 'ADMIN' });
  bRecords['members/invites'] = bInvite.body.data.id;
  const bGuestInvite = await b.api.post('/guests/invite', {
    email: 'secret-guest@b.example',
    project_ids: [bRecords.projects],
  });
  bRecords['guests/invites'] = bGuestInvite.body.data.id;
  // B's invites were e-mailed through the work queue: their progress rows are B's
  bRecords.background_tasks = (
    await test.platform.db.query<{ id: string }>(
      'SELECT id FROM background_tasks WHERE organisation_id = $1 LIMIT 1',
      [b.id],
    )
  ).rows[0]!.id;
  bRecords.organisation_invites = (
    await b.api.post('/organisation_invites', { role: 'OPERATIVE' })
  ).body.data.id;
  const bTeam = await b.api.post('/teams', {
    name: `${SECRET_NAME} team`,
    user_ids: [bMember.userId],
  });
  bRecords.teams = bTeam.body.data.id;
  const bQualification = await b.api.post('/qualifications', {
    name: `${SECRET_NAME} licence`,
    user_id: bMember.userId,
  });
  bRecords.qualifications = bQualification.body.data.id;
  // Sites: a site with the secret name and e-mail, a block of B's project on it, a level
  bRecords.sites = (
    await b.api.post('/sites', { name: `${SECRET_NAME} site`, notes: SECRET_EMAIL })
  ).body.data.id;
  // Timesheets: a manual time entry of B's owner, with the secret in its notes
  const bEntry = await b.api.post('/timesheets', {
    started_at: '2026-11-02T08:00:00.000Z',
    ended_at: '2026-11-02T16:00:00.000Z',
    notes: SECRET_NAME,
  });
  expect(bEntry.status, JSON.stringify(bEntry.body)).toBe(201);
  bRecords.timesheets = bEntry.body.data.id;
  // Deletions: a site of B's in its bin, with the secret name
  bRecords.deletions = (
    await b.api.post('/sites', { name: `${SECRET_NAME} deleted site`, notes: SECRET_EMAIL })
  ).body.data.id;
  await b.api.delete(`/sites/${bRecords.deletions}`);
  bRecords.blocks = (
    await b.api.post('/blocks', {
      project_id: bRecords.projects,
      site_id: bRecords.sites,
      name: `${SECRET_NAME} block`,
    })
  ).body.data.id;
  bRecords.levels = (
    await b.api.post('/levels', { block_id: bRecords.blocks, name: `${SECRET_NAME} level` })
  ).body.data.id;
  // Drawings and locations: a drawing and a pending drawing named with the secret (written to the
  // tables: their uploads are tested in modules/locations), a zone, a specification, a located
  // pin and a QR batch whose code is on it
  bRecords.drawings = newId();
  await test.platform.db.query(
    `INSERT INTO drawings (id, organisation_id, level_id, name, status, width, height, image_key)
     VALUES ($1, $2, $3, $4, 'READY', 100, 100, $5)`,
    [
      bRecords.drawings,
      b.id,
      bRecords.levels,
      `${SECRET_NAME} drawing`,
      `uploads/${bRecords.drawings}`,
    ],
  );
  bRecords.pending_drawings = newId();
  await test.platform.db.query(
    `INSERT INTO pending_drawings (id, organisation_id, project_id, name, status)
     VALUES ($1, $2, $3, $4, 'READY')`,
    [bRecords.pending_drawings, b.id, bRecords.projects, `${SECRET_NAME} pending`],
  );
  bRecords.zones = (
    await b.api.post('/zones', { project_id: bRecords.projects, name: `${SECRET_NAME} zone` })
  ).body.data.id;
  bRecords.specifications = (
    await b.api.post('/specifications', {
      project_id: bRecords.projects,
      name: `${SECRET_NAME} specification`,
    })
  ).body.data.id;
  bRecords.qr_code_batches = (
    await b.api.post('/qr_code_batches/generate', { quantity: 2 })
  ).body.data.id;
  bRecords.locations = (
    await b.api.post('/locations', {
      project_id: bRecords.projects,
      reference: SECRET_NAME,
      drawing_id: bRecords.drawings,
      drawing_pos_top: 0.5,
      drawing_pos_left: 0.5,
      zone_id: bRecords.zones,
      specification_id: bRecords.specifications,
    })
  ).body.data.id;
  // Documents: a folder of B's project, and a signed document over a stored PDF, B's member asked
  bRecords.documents = (
    await b.api.post('/documents/folder', { project_id: bRecords.projects, name: SECRET_NAME })
  ).body.data.id;
  const storedPdf = newId();
  await test.platform.db.query(
    `INSERT INTO stored_files (id, organisation_id, kind, key, name, size_bytes, content_type,
       sha256, status)
     VALUES ($1, $2, 'signed-document', $3, $4, 4, 'application/pdf', repeat('a', 64), 'READY')`,
    [storedPdf, b.id, `uploads/${storedPdf}`, SECRET_NAME],
  );
  bRecords.signed_documents = newId();
  await test.platform.db.query(
    `INSERT INTO signed_documents (id, organisation_id, project_id, name, stored_file_id)
     VALUES ($1, $2, $3, $4, $5)`,
    [bRecords.signed_documents, b.id, bRecords.projects, SECRET_NAME, storedPdf],
  );
  await b.api.post(`/signed_documents/${bRecords.signed_documents}/members`, {
    user_ids: [bRecords.members],
  });
  // Imports: a sites CSV of the secret name, kept with its imported file's record
  const bImport = await test.app.inject({
    method: 'POST',
    url: `/organisations/${b.id}/import_file/sites_csv/import`,
    payload: `Name,Notes\n${SECRET_NAME} depot,${SECRET_EMAIL}`,
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${b.owner.token}` },
  });
  expect(bImport.statusCode).toBe(201);
  bRecords.imported_files = (
    await test.platform.db.query<{ id: string }>(
      'SELECT id FROM imported_files WHERE organisation_id = $1 LIMIT 1',
      [b.id],
    )
  ).rows[0]!.id;
  // Jobs: a job of B's project with the secret reference and instructions
  bRecords.jobs = (
    await b.api.post('/jobs', {
      project_id: bRecords.projects,
      reference: SECRET_NAME,
      instructions: SECRET_EMAIL,
    })
  ).body.data.id;
  bRecords.job_activity_logs = (
    await test.platform.db.query<{ id: string }>(
      `SELECT id FROM audit_entries WHERE collection_name = 'jobs' AND document_id = $1`,
      [bRecords.jobs],
    )
  ).rows[0]!.id;
  // The audit trail: an entry of B's (the job's creation), and a deletion in B's bin
  bRecords.audit_entries = bRecords.job_activity_logs;
  // Job sheets: a sheet of a job of B's on the project's form, with a material of the secret name
  const bFormId = (await b.api.get(`/projects/${bRecords.projects}?expand[]=forms`)).body.data
    .forms[0].form_id as string;
  const bSheetJob = (
    await b.api.post('/jobs', {
      project_id: bRecords.projects,
      reference: SECRET_NAME,
      form_ids: [bFormId],
    })
  ).body.data.id;
  bRecords.job_sheets = (
    await b.api.post('/job_sheets', { job_id: bSheetJob, form_id: bFormId })
  ).body.data.id;
  bRecords.job_sheet_materials = (
    await b.api.post('/job_sheet_materials', {
      job_sheet_id: bRecords.job_sheets,
      material_name: SECRET_NAME,
      material_input_type_key: 'QUANTITY',
      quantity: 1,
    })
  ).body.data.id;
  // Visits and daily job plans: B's visit and its member's plan carry the secret text
  bRecords.visits = (
    await b.api.post('/visits', {
      project_id: bRecords.projects,
      reference: SECRET_NAME,
      notes: SECRET_EMAIL,
    })
  ).body.data.id;
  bRecords.daily_job_plans = (
    await b.api.post('/daily_job_plans', {
      operative_id: bRecords.members,
      local_day: '2026-12-01',
      reference: SECRET_NAME,
      instructions: SECRET_EMAIL,
    })
  ).body.data.id;
  // Billing: B subscribes without a card (its invoice stays open) and removes a seat (credit note)
  await b.api.put('/stripe_billing_data', {
    name: SECRET_NAME,
    email: SECRET_EMAIL,
    address: { line1: '1 Secret Row', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' },
  });
  bRecords.invoices = (await b.api.post('/subscribe', { seats: 4 })).body.invoice.id;
  bRecords.credit_notes = (
    await b.api.post('/update_seats', { seats: 3 })
  ).body.data.credit_note.id;
  // Organisation setup: B's options and questionnaire carry the secret name and e-mail
  await b.api.put('/options/report_options', { company_name: SECRET_NAME, email: SECRET_EMAIL });
  await b.api.put('/preboarding/questionnaire', { trades: [SECRET_NAME] });
  // Job sheet photos: a photo (named with the secret) on a sheet of B's job, written straight to
  // the tables unless the job sheets' own fixture made the sheet already
  bRecords.job_sheets ??= await insertFixtureSheet(b.id, bRecords.jobs!, bRecords.projects!);
  bRecords.job_sheet_photos = await insertFixturePhoto(b.id, bRecords.job_sheets);
  // Builds: B's clients export (its file holds B's client, named with the secret)
  bRecords.builds = (await b.api.post('/exports/clients_csv')).body.build.id;
  // Webhooks: an endpoint (named by the secret) with a test ping in its log
  bRecords.webhooks = (
    await b.api.post('/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      description: SECRET_NAME,
      events: ['job.created'],
    })
  ).body.data.id;
  bRecords.deliveries = (await b.api.post(`/webhooks/${bRecords.webhooks}/test`)).body.data.id;
  // Reports: B's job PDF (its sheets and cover carry B's records)
  bRecords.reports = (
    await b.api.post('/reports/build/job_pdf', { job_id: bRecords.jobs })
  ).body.data.id;
  for (const [name, id] of Object.entries(bRecords)) expect(id, name).toMatch(/^[0-9a-f]{24}$/);
  // The input types are the product's constants, the same for everyone (nothing of B's): the walk
  // names one that is no key, which every organisation is answered 404 for.
  bRecords.material_input_types = newId();
  bAuditEntries = (
    await test.platform.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_entries WHERE organisation_id = $1',
      [b.id],
    )
  ).rows[0]!.n;
  await a.api.post('/clients', { name: 'A client' });
});
afterAll(() => test.close());

/** A job sheet of B (form from B's library) with one photo field, for the photo routes. */
async function insertFixtureSheet(organisationId: string, jobId: string, projectId: string) {
  const id = newId();
  const { rows } = await test.platform.db.query<{ id: string }>(
    `SELECT id FROM forms WHERE organisation_id = $1 LIMIT 1`,
    [organisationId],
  );
  await test.platform.db.query(
    `INSERT INTO job_sheets (id, organisation_id, number, job_id, seq_number, project_id, form_id)
     VALUES ($1, $2, 1, $3, 1, $4, $5)`,
    [id, organisationId, jobId, projectId, rows[0]!.id],
  );
  return id;
}

async function insertFixturePhoto(organisationId: string, jobSheetId: string) {
  const valueId = newId();
  await test.platform.db.query(
    `INSERT INTO job_sheet_field_values (id, organisation_id, job_sheet_id, form_field_id, name, type)
     VALUES ($1, $2, $3, $4, $5, 'PHOTO')`,
    [valueId, organisationId, jobSheetId, newId(), SECRET_NAME],
  );
  const id = newId();
  await test.platform.db.query(
    `INSERT INTO job_sheet_photos (id, organisation_id, job_sheet_id, job_sheet_field_value_id,
       original_name, original_key, status, c_hash, p_hash)
     VALUES ($1, $2, $3, $4, $5, $6, 'READY', $7, 0)`,
    [id, organisationId, jobSheetId, valueId, SECRET_NAME, `uploads/${id}`, SECRET_NAME],
  );
  return id;
}

const organisationRoutes = () => allRoutes().filter((route) => route.access === 'organisation');

/** Parameters naming a parent record, e.g. /projects/:projectId/location_statuses/:id. */
const PARENT_PARAMS: Record<string, string> = {
  ':projectId': 'projects',
  ':projectTemplateId': 'project_templates',
  ':userId': 'members',
  ':formId': 'library_forms',
  ':sectionId': 'sections',
  ':projectFormId': 'forms',
  ':projectFormSectionId': 'sections',
  ':signedDocumentId': 'signed_documents',
  ':webhookId': 'webhooks',
  ':deliveryId': 'deliveries',
};

function concretePath(path: string, organisationId: string) {
  const segments = path.replace('/organisations/:organisationId/', '').split('/');
  const [first, second] = segments;
  // a record under a parent is keyed by the segment before its :id (e.g. "location_statuses");
  // otherwise a fixture keyed by two segments (e.g. "members/invites") wins over the first's
  const nested = segments.some((segment) => PARENT_PARAMS[segment]);
  const beforeId = segments[segments.indexOf(':id') - 1];
  const resource =
    nested && beforeId ? beforeId : bRecords[`${first}/${second}`] ? `${first}/${second}` : first!;
  let concrete = path.replace(':organisationId', organisationId);
  for (const [param, key] of Object.entries(PARENT_PARAMS)) {
    concrete = concrete.replace(param, () => bRecords[key]!);
  }
  return concrete.replace(':id', () => {
    const id = bRecords[resource];
    if (!id)
      throw new Error(`No fixture record for ${resource}: add one to tenant-isolation.test.ts`);
    return id;
  });
}

const hostileBody = () => ({
  ids: [bRecords.clients, bRecords.contacts],
  client_id: bRecords.clients,
  name: 'Hijacked',
  data: [{ name: 'Hijacked', client_id: bRecords.clients }],
  filter: { id: [bRecords.clients] },
  user_id: bRecords.members,
  user_ids: [bRecords.members],
  team_ids: [bRecords.teams],
  project_ids: [bRecords.projects],
  team_lead_id: bRecords.members,
  site_id: bRecords.sites,
  block_id: bRecords.blocks,
  project_id: bRecords.projects,
  project_template_id: bRecords.project_templates,
  from_project_id: bRecords.projects,
  material_id: bRecords.materials,
  materialIds: [bRecords.materials],
  form_id: bRecords.forms,
  form_ids: [bRecords.forms, bRecords.library_forms],
  form_section_id: bRecords.sections,
  toFormSectionId: bRecords.sections,
  default_rate_set_ids: [bRecords.projects],
  replacementLocationStatusId: bRecords.location_statuses,
  job_id: bRecords.jobs,
  job_sheet_id: bRecords.job_sheets,
  jobSheetApprovals: [{ id: bRecords.job_sheets }],
  jobSheetRejections: [{ id: bRecords.job_sheets, comments: 'Hijacked' }],
  visit_id: bRecords.visits,
  operative_id: bRecords.members,
  level_id: bRecords.levels,
  drawing_id: bRecords.drawings,
  location_id: bRecords.locations,
  zone_id: bRecords.zones,
  specification_id: bRecords.specifications,
});

/** A GET route that takes a search term (GET /search) is asked for B's secret name. */
const termQuery = (route: ReturnType<typeof allRoutes>[number]) =>
  route.method === 'GET' && route.query instanceof z.ZodObject && 'term' in route.query.shape
    ? `?term=${encodeURIComponent(SECRET_NAME)}`
    : '';

function expectNothingOfB(text: string, label: string) {
  expect(text, label).not.toContain(SECRET_NAME);
  expect(text, label).not.toContain(SECRET_EMAIL);
}

// Each walk calls every organisation route (several hundred), so it takes longer than one call.
describe('tenant isolation across every organisation route', { timeout: 120_000 }, () => {
  it('registers organisation routes to walk', () => {
    expect(organisationRoutes().length).toBeGreaterThan(20);
  });

  it("refuses A's member on B's base path", async () => {
    const api = client(test.app, a.owner.token);
    for (const route of organisationRoutes()) {
      const path = concretePath(fullPath(route), b.id);
      const response = await api.call(
        route.method,
        path,
        route.method === 'GET' ? undefined : hostileBody(),
      );
      const label = `${route.method} ${path}`;
      expect([403, 404], label).toContain(response.status);
      expectNothingOfB(JSON.stringify(response.body), label);
    }
  });

  it("does not find B's records under A's base path, nor change them", async () => {
    const api = client(test.app, a.owner.token);
    const bIds = new Set(Object.values(bRecords));
    for (const route of organisationRoutes()) {
      const path = concretePath(fullPath(route), a.id) + termQuery(route);
      const response = await api.call(
        route.method,
        path,
        route.method === 'GET' ? undefined : hostileBody(),
      );
      const label = `${route.method} ${path} → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
      expect(response.status, label).toBeLessThan(500);
      expectNothingOfB(JSON.stringify(response.body), label);
      if (route.path.includes(':id')) expect([404, 422], label).toContain(response.status);
      if (response.status < 300 && response.body && typeof response.body === 'object') {
        // bulk answers may echo B's ids only among the failures
        for (const [key, value] of Object.entries(response.body as Record<string, unknown>)) {
          if (key === 'failed' || !Array.isArray(value)) continue;
          for (const item of value) {
            const id = typeof item === 'string' ? item : (item as { id?: string })?.id;
            expect(bIds.has(id ?? ''), `${label}: ${key} names B's record`).toBe(false);
          }
        }
        const url = (response.body as { url?: string }).url;
        if (url) {
          expectNothingOfB((await getFile(test.app, url)).body, `${label} download`);
        }
      }
    }
    const client_ = await b.api.get(`/clients/${bRecords.clients}?expand[]=contacts`);
    expect(client_.body.data).toMatchObject({ name: SECRET_NAME, archived_at: null });
    expect(client_.body.data.contacts).toEqual([
      expect.objectContaining({
        id: bRecords.contacts,
        email: SECRET_EMAIL,
        name: 'Secret Contact',
      }),
    ]);
    const audit = await test.platform.db.query(
      'SELECT count(*)::int AS n FROM audit_entries WHERE organisation_id = $1',
      [b.id],
    );
    expect(audit.rows[0]).toEqual({ n: bAuditEntries });
  });

  it("keeps B out of A's signed-in context", async () => {
    const context = await client(test.app, a.owner.token).get('/me/context');
    expect(context.body.organisations.map((org: { id: string }) => org.id)).toEqual([a.id]);
    expect(JSON.stringify(context.body)).not.toContain(b.id);
  });
});
