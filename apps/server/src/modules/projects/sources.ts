import type { FieldError } from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import { checkRateSets } from './checks';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { copyConfiguration, insertRows, type Owner } from './copy-configuration';

/** The settings a project shares with a template, copied when one starts from the other. */
export const SETTINGS_COLUMNS = [
  'item_mode',
  'multi_site',
  'enable_bulk_approval_actions',
  'approvals_enabled',
  'approvals_show_on_report',
  'duplicate_photo_detection',
  'duplicate_photo_detection_prevent_approvals',
  'location_reference_enabled',
  'location_reference_label',
  'default_rate_set_ids',
] as const;

/** A blank project's statuses: one of each type, so the project is usable at once. */
export const DEFAULT_LOCATION_STATUSES = [
  { name: 'Not started', type: 'PENDING', icon: 'pie-empty', color: 'grey' },
  { name: 'In progress', type: 'ACTIVE', icon: 'pie-6', color: 'gold' },
  { name: 'Completed', type: 'COMPLETED', icon: 'tick', color: 'green' },
  { name: 'Cancelled', type: 'CANCELLED', icon: 'cross', color: 'red' },
];

type Source =
  | { kind: 'project_template'; id: string; field: 'project_template_id' }
  | { kind: 'project'; id: string; field: 'from_project_id' }
  | { kind: 'library'; id: string; field: 'library_project_template_id' }
  | null;

const SOURCE_FIELDS = {
  project_template_id: {
    kind: 'project_template',
    table: 'project_templates',
    label: 'Project template',
    live: '',
  },
  from_project_id: {
    kind: 'project',
    table: 'projects',
    label: 'Project',
    live: ' AND deleted_at IS NULL',
  },
  library_project_template_id: {
    kind: 'library',
    table: 'library_project_templates',
    label: 'Library project template',
    live: '',
  },
} as const;

/** Which source a create body names (422 when more than one). */
export function sourceOf(input: Record<string, unknown>): Source {
  const named = (Object.keys(SOURCE_FIELDS) as (keyof typeof SOURCE_FIELDS)[]).filter(
    (field) => typeof input[field] === 'string',
  );
  if (named.length > 1) {
    throw validationFailure(
      named.map((field) => ({
        field,
        message: `Start from one of ${named.join(', ')}, not several.`,
        code: 'conflict',
      })),
    );
  }
  const field = named[0];
  if (!field) return null;
  return { kind: SOURCE_FIELDS[field].kind, id: input[field] as string, field } as Source;
}

/**
 * The settings the new record takes from its source (anything the body sets wins); 422 on the
 * source's field when it is not found.
 */
export async function settingsFromSource(
  ctx: OrganisationContext,
  source: Source,
): Promise<Record<string, unknown>> {
  if (!source) return {};
  const { table, label, live } = SOURCE_FIELDS[source.field];
  const scoped = source.kind === 'library' ? '' : ' AND organisation_id = $2';
  const settings = source.kind === 'library' ? 'id' : `id, ${SETTINGS_COLUMNS.join(', ')}`;
  const { rows } = await ctx.db.query<Record<string, unknown>>(
    `SELECT ${settings} FROM ${table} WHERE id = $1${scoped}${live}`,
    source.kind === 'library' ? [source.id] : [source.id, ctx.organisationId],
  );
  const row = rows[0];
  if (!row) {
    const error: FieldError = {
      field: source.field,
      message: `${label} not found.`,
      code: 'not_found',
    };
    throw validationFailure([error]);
  }
  const { id: _id, ...copied } = row;
  return copied;
}

/** Gives a new project or template the configuration lists of its source (or the defaults). */
export async function configureFromSource(
  ctx: OrganisationContext,
  to: Owner,
  source: Source,
  options: { defaults: boolean },
) {
  if (source?.kind === 'project_template') {
    await copyConfiguration(ctx, { column: 'project_template_id', id: source.id }, to);
  } else if (source?.kind === 'project') {
    await copyConfiguration(ctx, { column: 'project_id', id: source.id }, to);
  } else if (source?.kind === 'library') {
    await applyLibraryTemplate(ctx, source.id, to);
  } else if (options.defaults) {
    await insertRows(
      ctx,
      'location_statuses',
      to,
      ['name', 'type', 'icon', 'color', 'order'],
      DEFAULT_LOCATION_STATUSES.map((status, order) => ({ ...status, order })),
    );
  }
}

interface LibraryConfiguration {
  forms: { name: string }[];
  location_statuses: { name: string; type: string; icon: string; color: string }[];
  location_attributes?: LibraryAttribute[];
  job_attributes?: LibraryAttribute[];
  approval_stages?: { name: string; declaration?: string }[];
  document_folders?: { name: string; private?: boolean }[];
}
interface LibraryAttribute {
  name: string;
  type: string;
  options?: string[];
  precision?: number;
}

const attributeRows = (attributes: LibraryAttribute[] = []) =>
  attributes.map((attribute, order) => ({
    name: attribute.name,
    type: attribute.type,
    precision: attribute.precision ?? null,
    options: (attribute.options ?? []).map((name) => ({ id: newId(), name, archived_at: null })),
    order,
  }));

/**
 * Lays a library template's configuration onto a project or template. Its forms become the
 * organisation's own library forms (reused by name when one exists), then the owner's forms.
 */
export async function applyLibraryTemplate(ctx: OrganisationContext, libraryId: string, to: Owner) {
  const { rows } = await ctx.db.query<{ configuration: LibraryConfiguration }>(
    `SELECT configuration FROM library_project_templates WHERE id = $1`,
    [libraryId],
  );
  const configuration = rows[0]?.configuration;
  if (!configuration) return;
  const withOrder = <T extends object>(items: T[] = []) =>
    items.map((item, order) => ({ ...item, order }));
  await insertRows(
    ctx,
    'location_statuses',
    to,
    ['name', 'type', 'icon', 'color', 'order'],
    withOrder(configuration.location_statuses),
  );
  const attributeColumns = ['name', 'type', 'precision', 'options', 'order'];
  await insertRows(
    ctx,
    'location_attributes',
    to,
    attributeColumns,
    attributeRows(configuration.location_attributes),
  );
  await insertRows(
    ctx,
    'job_attributes',
    to,
    attributeColumns,
    attributeRows(configuration.job_attributes),
  );
  await insertRows(
    ctx,
    'approval_stages',
    to,
    ['name', 'declaration', 'order'],
    withOrder(configuration.approval_stages).map((stage) => ({ declaration: null, ...stage })),
  );
  await insertRows(
    ctx,
    'document_folders',
    to,
    ['name', 'private', 'order'],
    withOrder(configuration.document_folders).map((folder) => ({ private: false, ...folder })),
  );
  const formIds = await libraryForms(
    ctx,
    configuration.forms.map((form) => form.name),
  );
  await insertRows(
    ctx,
    'project_forms',
    to,
    ['form_id', 'name', 'order'],
    configuration.forms.map((form, order) => ({
      form_id: formIds.get(form.name),
      name: form.name,
      order,
    })),
  );
}

/** The organisation's form of each name, created when missing. */
async function libraryForms(ctx: OrganisationContext, names: string[]) {
  const ids = new Map<string, string>();
  if (!names.length) return ids;
  const { rows } = await ctx.db.query<{ id: string; name: string }>(
    `SELECT DISTINCT ON (name) id, name FROM forms
      WHERE organisation_id = $1 AND name = ANY($2::text[]) AND archived_at IS NULL
      ORDER BY name, created_at`,
    [ctx.organisationId, names],
  );
  for (const row of rows) ids.set(row.name, row.id);
  for (const name of names) {
    if (ids.has(name)) continue;
    const id = newId();
    await ctx.db.query(`INSERT INTO forms (id, organisation_id, name) VALUES ($1, $2, $3)`, [
      id,
      ctx.organisationId,
      name,
    ]);
    ids.set(name, id);
  }
  return ids;
}

/**
 * The settings of a project or template about to be written: a new one takes its source's
 * settings (what the body sets wins; the source fields themselves are not stored), and default
 * rate sets must be the organisation's.
 */
export async function settingsToWrite(
  ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
): Promise<Record<string, unknown>> {
  const given = Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  );
  const inherited = existing ? {} : await settingsFromSource(ctx, sourceOf(given));
  const {
    from_project_id: _project,
    library_project_template_id: _library,
    ...settings
  } = { ...inherited, ...given };
  if (Array.isArray(given.default_rate_set_ids)) {
    await checkRateSets(ctx, given.default_rate_set_ids as string[]);
    settings.default_rate_set_ids = [...new Set(given.default_rate_set_ids as string[])];
  }
  return settings;
}

/** Gives each new project or template its source's configuration lists (or the defaults). */
export async function configureCreated(
  ctx: OrganisationContext,
  column: Owner['column'],
  created: { id: string; input: Record<string, unknown> }[],
) {
  for (const { id, input } of created) {
    await configureFromSource(ctx, { column, id }, sourceOf(input), { defaults: true });
  }
}
