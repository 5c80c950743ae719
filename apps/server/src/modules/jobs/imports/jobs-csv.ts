import { jobCreateSchema } from '@fieldwork/contract';
import type { z } from 'zod';
import type { OrganisationContext } from '../../../platform/http/context';
import { defineImport, type RowIssue } from '../../../platform/imports/declaration';
import { issuesOf, resolveEach } from '../../../platform/imports/steps';
import { writer } from '../../../platform/resource-kit';
import { checkAttributeValues, jobAttributesOf } from '../attribute-values';
import { jobsResource } from '../jobs.resource';
import { attributeInputs, jobCsvRow, type JobCsvRow } from './jobs-csv-cells';

type JobInput = z.input<typeof jobCreateSchema>;
interface Named {
  id: string;
  name: string;
}
interface Project extends Named {
  reference: string | null;
  archived: boolean;
}

const key = (value: string) => value.trim().toLowerCase();

/** Groups records under each of their lookup keys (a name may match several). */
function index<T>(records: T[], keysOf: (record: T) => Array<string | null>) {
  const found = new Map<string, T[]>();
  for (const record of records) {
    for (const name of new Set(
      keysOf(record)
        .filter((k): k is string => !!k)
        .map(key),
    )) {
      found.set(name, [...(found.get(name) ?? []), record]);
    }
  }
  return found;
}

/** The one record a cell names, or the issue: none, or several (use a unique key instead). */
function one<T>(
  found: Map<string, T[]>,
  cell: string,
  field: string,
  label: string,
  hint: string,
): T | RowIssue {
  const matches = found.get(key(cell)) ?? [];
  if (matches.length === 1) return matches[0]!;
  return {
    field,
    message: matches.length
      ? `"${cell}" matches ${matches.length} ${label}s; ${hint}.`
      : `No ${label} "${cell}".`,
  };
}
const isIssue = (value: unknown): value is RowIssue =>
  typeof value === 'object' && value !== null && 'message' in value && 'field' in value;

/** Everything the file's rows name, in four queries whatever the number of rows. */
async function lookups(ctx: OrganisationContext, rows: JobCsvRow[]) {
  const names = (cells: Array<string | null>) => [
    ...new Set(cells.filter(Boolean).map((c) => key(c!))),
  ];
  const projects = await ctx.db.query<Project>(
    `SELECT id, name, reference, archived_at IS NOT NULL AS archived FROM projects
      WHERE organisation_id = $1 AND deleted_at IS NULL
        AND (lower(name) = ANY($2::text[]) OR lower(reference) = ANY($2::text[]) OR id = ANY($2::text[]))`,
    [ctx.organisationId, names(rows.map((row) => row.project))],
  );
  const operatives = await ctx.db.query<Named & { email: string }>(
    `SELECT u.id, u.name, u.email FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND m.active AND NOT m.guest AND m.role <> 'GUEST'
        AND (lower(u.email) = ANY($2::text[]) OR lower(u.name) = ANY($2::text[]))`,
    [ctx.organisationId, names(rows.map((row) => row.operative))],
  );
  const sites = await ctx.db.query<Named>(
    `SELECT id, name FROM sites
      WHERE organisation_id = $1 AND deleted_at IS NULL AND lower(name) = ANY($2::text[])`,
    [ctx.organisationId, names(rows.map((row) => row.site))],
  );
  const projectIds = projects.rows.map((project) => project.id);
  const forms = await ctx.db.query<Named & { project_id: string }>(
    `SELECT project_id, form_id AS id, name FROM project_forms
      WHERE organisation_id = $1 AND project_id = ANY($2::text[])`,
    [ctx.organisationId, projectIds],
  );
  return {
    projects: index(projects.rows, (project) => [project.id, project.name, project.reference]),
    operatives: index(operatives.rows, (person) => [person.email, person.name]),
    sites: index(sites.rows, (site) => [site.name]),
    forms: index(forms.rows, (form) => [`${form.project_id}\u0000${form.name}`]),
    attributes: await jobAttributesOf(ctx, projectIds),
  };
}
type Lookups = Awaited<ReturnType<typeof lookups>>;

/** One row as a job's create body, with what the summary shows, or the row's issues. */
function resolveRow(found: Lookups, row: JobCsvRow) {
  const issues: RowIssue[] = [];
  const pick = <T>(value: T | RowIssue): T | null => {
    if (isIssue(value)) issues.push(value);
    return isIssue(value) ? null : value;
  };
  const project = pick(one(found.projects, row.project, 'project', 'project', 'use its reference'));
  if (project?.archived) issues.push({ field: 'project', message: 'The project is archived.' });
  const site = row.site ? pick(one(found.sites, row.site, 'site', 'site', 'rename one')) : null;
  const operative = row.operative
    ? pick(one(found.operatives, row.operative, 'operative', 'member', 'use their e-mail'))
    : null;
  if (!project) return { issues };
  const forms: Named[] = [];
  for (const name of row.forms) {
    const form = found.forms.get(key(`${project.id}\u0000${name}`))?.[0];
    if (form) forms.push(form);
    else issues.push({ field: 'forms', message: `"${name}" is not a form of ${project.name}.` });
  }
  const definitions = found.attributes.get(project.id) ?? [];
  const attributes = attributeInputs(definitions, row.attributes);
  issues.push(...attributes.issues);
  issues.push(
    ...issuesOf(() => checkAttributeValues(definitions, attributes.values), 'attributes'),
  );
  const input: JobInput = {
    reference: row.reference,
    project_id: project.id,
    site_id: site?.id ?? null,
    operative_id: operative?.id ?? null,
    date: row.date,
    instructions: row.instructions,
    form_ids: forms.map((form) => form.id),
    attribute_values: attributes.values,
  };
  const shown: Record<string, unknown> = {
    project_name: project.name,
    operative_name: operative?.name ?? null,
    site_name: site?.name ?? null,
    form_names: forms.map((form) => form.name),
  };
  return { issues, input, shown };
}

/** jobs_csv: one job per row, naming its project, operative, site and forms as people write them. */
export const jobsCsvImport = defineImport<JobCsvRow>({
  kind: 'jobs_csv',
  rowLabel: 'jobs (one per row)',
  collection: 'jobs',
  tags: ['Job'],
  minRole: 'MANAGER',
  columns: [
    { key: 'reference', header: 'Reference', example: 'PO-4471' },
    { key: 'project', header: 'Project', example: 'NG-101', required: true },
    { key: 'site', header: 'Site', example: 'Holbeck Works' },
    { key: 'operative', header: 'Operative', example: 'operative@fieldwork.local' },
    { key: 'date', header: 'Date', example: '2026-12-01' },
    { key: 'forms', header: 'Forms', example: 'Daily site diary; Permit to work' },
    { key: 'instructions', header: 'Instructions', example: 'Key from the site office' },
    { key: 'attributes', header: 'Attributes', example: 'PO number: 4471; Shift: Night' },
  ],
  row: jobCsvRow,
  async resolve(ctx, rows) {
    const found = await lookups(
      ctx,
      rows.map((row) => row.value),
    );
    return resolveEach(
      rows,
      (value) => resolveRow(found, value),
      (inputs) =>
        writer(jobsResource).insert(
          ctx,
          inputs.map((input) => jobCreateSchema.parse(input)),
        ),
    );
  },
});
