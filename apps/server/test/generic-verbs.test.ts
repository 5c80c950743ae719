import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * field-work §7: every entity it lists serves the generic pattern where the entity has the
 * state. This walks /openapi.json and holds each served entity's verbs to docs/generic-verbs.md,
 * which names each verb an entity does not serve and why it does not apply.
 */
const GENERIC_VERBS = [
  'create',
  'list',
  'get',
  'update',
  'delete',
  'archive',
  'unarchive',
  'restore',
  'duplicate',
  'move',
  'reorder',
  'archive_many',
  'unarchive_many',
  'delete_many',
  'restore_many',
  'move_many',
  'create_many',
  'duplicate_many',
] as const;
type GenericVerb = (typeof GENERIC_VERBS)[number];

/**
 * field-work §7's list of entities with the generic pattern, in the table's words ("forms (with
 * sections and fields)" is three rows, "members and invites" two, "signed document members" is
 * "their members" of signed documents in the paragraph of those not served yet).
 */
const SECTION_7 = [
  'blocks',
  'clients',
  'contacts',
  'credit notes',
  'deletions',
  'documents',
  'drawings',
  'pending drawings',
  'forms',
  'form sections',
  'form fields',
  'guests',
  'guest invites',
  'imported files',
  'invoices',
  'job activity logs',
  'job sheets',
  'job sheet materials',
  'job sheet photos',
  'jobs',
  'levels',
  'library project templates',
  'locations',
  'material groups',
  'input types',
  'rate groups',
  'rate sets',
  'tags',
  'materials',
  'members',
  'member invites',
  'project templates',
  'projects',
  'QR code batches',
  'qualifications',
  'reports',
  'services',
  'signed documents',
  'signed document members',
  'specifications',
  'sites',
  'teams',
  'timesheets',
  'user profiles',
  'visits',
  'zones',
];

type Paths = Record<string, Record<string, unknown>>;

/** Which generic verbs the document serves for an entity at base (e.g. /clients). */
function servedVerbs(paths: Paths, base: string): GenericVerb[] {
  const root = `/organisations/{organisationId}${base}`;
  const has = (path: string, ...methods: string[]) =>
    methods.some((method) => paths[path]?.[method] !== undefined);
  const one = `${root}/{id}`;
  const checks: Record<GenericVerb, boolean> = {
    create: has(root, 'post'),
    list: has(root, 'get'),
    get: has(one, 'get'),
    update: has(one, 'put', 'patch'),
    delete: has(one, 'delete'),
    archive: has(`${one}/archive`, 'post', 'put'),
    unarchive: has(`${one}/unarchive`, 'post', 'put'),
    restore: has(`${one}/restore`, 'post', 'put'),
    duplicate: has(`${one}/duplicate`, 'post', 'put'),
    move: has(`${one}/move`, 'post', 'put'),
    reorder: has(`${root}/reorder`, 'post', 'put') || has(`${root}/reorder_many`, 'post', 'put'),
    archive_many: has(`${root}/archive_many`, 'post', 'put'),
    unarchive_many: has(`${root}/unarchive_many`, 'post', 'put'),
    delete_many: has(`${root}/delete_many`, 'post', 'delete'),
    restore_many: has(`${root}/restore_many`, 'post', 'put'),
    move_many: has(`${root}/move_many`, 'post', 'put'),
    create_many: has(`${root}/create_many`, 'post'),
    duplicate_many: has(`${root}/duplicate_many`, 'post'),
  };
  return GENERIC_VERBS.filter((verb) => checks[verb]);
}

interface EntityRow {
  entity: string;
  base: string;
  served: string[];
}

/** The tables of docs/generic-verbs.md: served entities, and the verbs each does not serve. */
function readTable() {
  const text = readFileSync(new URL('../../../docs/generic-verbs.md', import.meta.url), 'utf8');
  const section = (title: string) => {
    const start = text.indexOf(`## ${title}`);
    expect(start, title).toBeGreaterThan(-1);
    const end = text.indexOf('\n## ', start + 1);
    return text
      .slice(start, end === -1 ? undefined : end)
      .split('\n')
      .filter((line) => line.startsWith('|') && !line.startsWith('| ---'))
      .slice(1)
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim().replace(/`/g, '')),
      );
  };
  const list = (cell: string) =>
    cell === '—' || cell === '' ? [] : cell.split(',').map((item) => item.trim());
  const entities: EntityRow[] = section('Served entities').map(([entity, base, served]) => ({
    entity: entity!,
    base: base!,
    served: list(served!),
  }));
  const missing = new Map<string, Map<string, string>>();
  for (const [entity, verbs, reason] of section('Verbs not served')) {
    const reasons = missing.get(entity!) ?? new Map<string, string>();
    for (const verb of list(verbs!)) reasons.set(verb, reason!);
    missing.set(entity!, reasons);
  }
  const later = text.slice(text.indexOf('## Entities of §7 not served yet')).replace(/\s+/g, ' ');
  return { entities, missing, later };
}

let test: TestApp;
let paths: Paths;
beforeAll(async () => {
  test = await startTestApp();
  const response = await test.app.inject({ method: 'GET', url: '/openapi.json' });
  paths = response.json<{ paths: Paths }>().paths;
});
afterAll(() => test.close());

describe('the generic pattern of field-work §7', () => {
  it('serves, for each entity, the verbs docs/generic-verbs.md lists, and no others', () => {
    const { entities } = readTable();
    expect(entities.length).toBeGreaterThanOrEqual(27);
    for (const { entity, base, served } of entities) {
      expect(servedVerbs(paths, base), `${entity} at ${base}`).toEqual(served);
    }
  });

  it('gives a reason for every generic verb an entity does not serve', () => {
    const { entities, missing } = readTable();
    for (const { entity, served } of entities) {
      const reasons = missing.get(entity) ?? new Map<string, string>();
      for (const verb of GENERIC_VERBS) {
        if (served.includes(verb)) {
          expect(reasons.has(verb), `${entity}: ${verb} is served, yet listed as missing`).toBe(
            false,
          );
        } else {
          expect(reasons.get(verb) ?? '', `${entity}: why is ${verb} not served?`).not.toBe('');
        }
      }
    }
    const named = new Set(entities.map(({ entity }) => entity));
    for (const entity of missing.keys()) expect(named.has(entity), entity).toBe(true);
  });

  it('has a row for every entity of §7 that is served, and names the others as not served yet', () => {
    const { entities, later } = readTable();
    const served = new Set(entities.map(({ entity }) => entity));
    for (const entity of SECTION_7) {
      const notYet = new RegExp(`\\b${entity}\\b`, 'i').test(later);
      expect(served.has(entity) || notYet, `${entity}: served, or listed as not served yet`).toBe(
        true,
      );
    }
    for (const entity of served) expect(SECTION_7, entity).toContain(entity);
  });

  it('writes form fields only under their section: the flat list is a read, and the web app calls no flat route', () => {
    const flat = Object.entries(paths).filter(([path]) =>
      /\/forms\/\{\w+\}\/fields(\/|$)/.test(path),
    );
    for (const [path, methods] of flat) expect(Object.keys(methods), path).toEqual(['get']);
    const web = new URL('../../web/src', import.meta.url).pathname;
    const sources = (readdirSync(web, { recursive: true }) as string[]).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    expect(sources.length).toBeGreaterThan(100);
    for (const file of sources) {
      const text = readFileSync(join(web, file), 'utf8');
      expect(text, file).not.toMatch(/forms\/\$\{[^}]+\}\/fields/);
    }
  });
});
