import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { reader, type Row } from '../../platform/resource-kit';
import { locationsResource } from '../locations';
import { formatNumber } from './labels';
import { brandingOf, listQuery, projectHeaders, type Branding, type ProjectHeader } from './source';

/**
 * What a project's locations and specifications reports share (field-work §7, "project-level …
 * locations and specifications"; locations-report.ts, specifications-report.ts): the project and
 * its attributes, attribute values as people read them, and the locations' list query.
 */

export interface AttributeDefinition {
  id: string;
  name: string;
  options: Array<{ id: string; name: string }>;
}

interface AttributeValue {
  attribute_id: string;
  value_string: string | null;
  value_number: number | null;
  value_boolean: boolean | null;
  value_date: string | null;
  value_option: string | null;
  value_options: string[] | null;
}

type Named = { name: string; code?: string | null } | null;

/** A project's attributes of one kind, in their order, with their options' labels. */
async function attributesOf(
  ctx: OrganisationContext,
  table: 'location_attributes' | 'specification_attributes',
  projectId: string,
): Promise<AttributeDefinition[]> {
  const { rows } = await ctx.db.query<AttributeDefinition>(
    `SELECT id, name, options FROM ${table}
      WHERE organisation_id = $1 AND project_id = $2 ORDER BY "order", name, id`,
    [ctx.organisationId, projectId],
  );
  return rows;
}

/** An attribute's value as people read it: a choice by its option's label, a date in words. */
export function valueText(
  value: AttributeValue | undefined,
  definition: AttributeDefinition,
  brand: Branding,
): string {
  if (!value) return '';
  const label = (stored: string) =>
    definition.options.find((option) => option.id === stored)?.name ?? stored;
  if (value.value_string) return value.value_string;
  if (value.value_number !== null) return formatNumber(value.value_number);
  if (value.value_boolean !== null) return value.value_boolean ? 'Yes' : 'No';
  if (value.value_date) return brand.dates.date(value.value_date.slice(0, 10));
  if (value.value_option) return label(value.value_option);
  if (value.value_options?.length) return value.value_options.map(label).join(', ');
  return '';
}

export const valuesBy = (row: Row) =>
  new Map((row.attribute_values as AttributeValue[]).map((value) => [value.attribute_id, value]));

export const named = (value: unknown) => {
  const ref = value as Named;
  if (!ref) return '';
  return ref.code ? `${ref.code} · ${ref.name}` : ref.name;
};

async function projectOf(ctx: OrganisationContext, projectId: string): Promise<ProjectHeader> {
  const project = (await projectHeaders(ctx, [projectId])).get(projectId);
  if (!project) throw notFound('Project');
  return project;
}

/** What a project's list report starts from: the branding, the project and its attributes. */
export async function reportGround(
  ctx: OrganisationContext,
  options: { project_id: string },
  attributes: 'location_attributes' | 'specification_attributes',
) {
  const brand = await brandingOf(ctx);
  const project = await projectOf(ctx, options.project_id);
  return { brand, project, attributes: await attributesOf(ctx, attributes, project.id) };
}

/** The project's name as a file name: "Riverside North" → "riverside-north". */
export const projectSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'project';

/** The locations list query of a report: the project's, with the caller's filter and sort. */
export function locationsQuery(projectId: string, query: string) {
  const search = new URLSearchParams(query);
  search.set('filter[project_id]', projectId);
  if (!search.has('sort')) search.set('sort', 'number');
  return search.toString();
}

/** Checks a report's locations query now (a 400 for the caller, not a failed build later). */
export const checkLocationsQuery = (ctx: OrganisationContext, query: string) =>
  reader(locationsResource).checkQuery(ctx, listQuery(query));
