import { beforeAll, describe, expect, it } from 'vitest';
import { ZodObject } from 'zod';
import { allRoutes } from '../src/modules';
import type { RouteDef } from '../src/platform/http/route';
import { declarationOf, type ResourceDeclaration } from '../src/platform/resource-kit';
import { demoApp } from './harness';
import { newId } from '../src/platform/ids';

/**
 * Every declaration the kit serves, read for real on the demo organisation: each record of a
 * list answer and of a GET answer parses against the entity's contract schema and carries no
 * key the schema does not name, so the zod record, the field map and the SQL cannot drift.
 */
const lists = allRoutes().filter(
  (def) => def.method === 'GET' && def.list && !/\/:id$/.test(def.path) && declarationOf(def),
);

const { test, api } = demoApp();
const parents: Record<string, string> = {};
beforeAll(async () => {
  parents.projectId = (await api.get('/projects?page[size]=1')).body.data[0].id;
  const form = (await api.get('/forms?page[size]=1')).body.data[0];
  parents.formId = form.id;
  parents.sectionId =
    form.sections?.[0]?.id ??
    (await api.post(`/forms/${form.id}/sections`, { name: 'Shape section' })).body.data.id;
  const templates = await api.get('/project_templates?page[size]=1');
  parents.projectTemplateId =
    templates.body.data[0]?.id ??
    (await api.post('/project_templates', { name: 'Shape template' })).body.data.id;
  parents.signedDocumentId = await signedDocumentOf(parents.projectId!);
  // a webhook endpoint with one delivery in its log (a test ping, PENDING)
  parents.webhookId = (
    await api.post('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['job.created'] })
  ).body.data.id;
  await api.post(`/webhooks/${parents.webhookId}/test`);
  copies.projects = await copyOf('projects', parents.projectId!);
  copies.project_templates = await copyOf('project_templates', parents.projectTemplateId!);
});

/** A signed document of the project with the demo user asked to sign (over a stored file row). */
async function signedDocumentOf(projectId: string) {
  const existing = (await api.get('/signed_documents?page[size]=1')).body.data[0];
  if (existing) return existing.id as string;
  const { rows } = await test.platform.db.query<{ organisation_id: string }>(
    'SELECT organisation_id FROM projects WHERE id = $1',
    [projectId],
  );
  const organisationId = rows[0]!.organisation_id;
  const [fileId, documentId] = [newId(), newId()];
  await test.platform.db.query(
    `INSERT INTO stored_files (id, organisation_id, kind, key, name, size_bytes, content_type,
       sha256, status)
     VALUES ($1, $2, 'signed-document', $3, 'induction.pdf', 4, 'application/pdf',
             repeat('a', 64), 'READY')`,
    [fileId, organisationId, `uploads/${fileId}`],
  );
  await test.platform.db.query(
    `INSERT INTO signed_documents (id, organisation_id, project_id, name, stored_file_id)
     VALUES ($1, $2, $3, 'Induction', $4)`,
    [documentId, organisationId, projectId, fileId],
  );
  const members = await test.platform.db.query<{ user_id: string }>(
    'SELECT user_id FROM memberships WHERE organisation_id = $1 AND active LIMIT 1',
    [organisationId],
  );
  const asked = await api.post(`/signed_documents/${documentId}/members`, {
    user_ids: [members.rows[0]!.user_id],
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return documentId;
}

/** A form copy's ids per owner: a project's and a template's copies differ. */
const copies: Record<string, Record<string, string>> = {};
async function copyOf(owner: string, ownerId: string) {
  const path = `/${owner}/${ownerId}/forms`;
  let copy = (await api.get(`${path}?page[size]=1`)).body.data[0];
  copy ??= (await api.post(path, { form_id: parents.formId })).body.data;
  if (!copy.sections?.length) {
    await api.post(`/forms/${copy.form_id}/sections`, { name: 'Shape section' });
    copy = (await api.put(`${path}/${copy.id}/sync`)).body.data;
  }
  return { projectFormId: copy.id, projectFormSectionId: copy.sections?.[0]?.id };
}

const pathOf = (def: RouteDef) => {
  const owner = def.path.startsWith('/project_templates') ? 'project_templates' : 'projects';
  return def.path.replace(
    /:(\w+)/g,
    (_, name: string) => copies[owner]?.[name] ?? parents[name] ?? `:${name}`,
  );
};

/** Keys an answer carries that the record schema does not name (zod would strip them quietly). */
function unknownKeys(declaration: ResourceDeclaration, row: Record<string, unknown>) {
  const record = declaration.record;
  if (!(record instanceof ZodObject)) return [];
  const shape = record.shape as Record<string, unknown>;
  return Object.keys(row).filter((key) => !(key in shape));
}

function expectShape(declaration: ResourceDeclaration, row: Record<string, unknown>) {
  const parsed = declaration.record.safeParse(row);
  expect(parsed.success, `${declaration.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  expect(unknownKeys(declaration, row), declaration.name).toEqual([]);
}

describe('every declaration’s answers match its contract schema', () => {
  it('walks the kit’s resources', () => {
    expect(lists.length).toBeGreaterThanOrEqual(15);
  });

  it('declares no output field its record schema leaves out', () => {
    for (const def of lists) {
      const declaration = declarationOf(def)!;
      const record = declaration.record;
      // a finish hook shapes the output from what it selects (e.g. members' employment details)
      if (!(record instanceof ZodObject) || declaration.finish) continue;
      const missing = Object.keys(declaration.fields).filter((field) => !(field in record.shape));
      expect(missing, declaration.name).toEqual([]);
    }
  });

  let checked = 0;
  for (const def of lists) {
    it(`${def.path}: list and GET answers parse`, async () => {
      const declaration = declarationOf(def)!;
      const list = await api.get(`${pathOf(def)}?page[size]=20`);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      for (const row of list.body.data) expectShape(declaration, row);
      const first = list.body.data[0] as { id: string } | undefined;
      if (!first || !declaration.verbs.includes('get')) return;
      const one = await api.get(`${pathOf(def)}/${first.id}`);
      expect(one.status).toBe(200);
      expectShape(declaration, one.body.data);
      checked += 1;
    });
  }

  it('read real records of most of them', () => {
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});
