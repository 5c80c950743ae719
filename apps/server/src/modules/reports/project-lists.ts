import { formatMinor } from '@fieldwork/contract';
import type ExcelJS from 'exceljs';
import type { BuildProgress } from '../../platform/builds';
import { notFound } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import { parseListQuery } from '../../platform/list-query/parse';
import { reader, type Row } from '../../platform/resource-kit';
import { locationsResource, specificationsResource } from '../locations';
import { neutralise } from './excel/cells';
import { streamedWorkbook } from './excel/streamed-workbook';
import { formatNumber } from './labels';
import { CONTENT_WIDTH, ReportPdf } from './pdf/document';
import { brandingOf, projectHeaders, type Branding, type ProjectHeader } from './source';

/**
 * A project's locations and its specifications as reports (field-work §7, "project-level …
 * locations and specifications"): a branded PDF table or an Excel sheet, each read through the
 * entity's own list, so its visibility and filters decide what is in it.
 */

interface AttributeDefinition {
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
function valueText(
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

const valuesBy = (row: Row) =>
  new Map((row.attribute_values as AttributeValue[]).map((value) => [value.attribute_id, value]));

const named = (value: unknown) => {
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
async function reportGround(
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

const locationsList = (query: string) => ({
  ...parseListQuery(new URLSearchParams(query)),
  expand: [],
});

/** Checks a report's locations query now (a 400 for the caller, not a failed build later). */
export const checkLocationsQuery = (ctx: OrganisationContext, query: string) =>
  reader(locationsResource).checkQuery(ctx, locationsList(query));

/** One location as a report's row: number, reference, status, where, zone, specification… */
function locationCells(row: Row, brand: Branding, attributes: AttributeDefinition[]) {
  const where = [row.site, row.block, row.level, row.drawing].map(named).filter(Boolean);
  const values = valuesBy(row);
  return {
    number: Number(row.number),
    reference: (row.reference as string | null) ?? '',
    status: (row.status as { name: string }).name,
    where: where.join(' · '),
    zone: named(row.zone),
    specification: named(row.specification),
    variation: (row.variation as string | null) ?? '',
    qrCode: (row.qr_code as { code: string } | null)?.code ?? '',
    sheets: (row.job_sheets as unknown[]).length,
    attributes: attributes.map((definition) =>
      valueText(values.get(definition.id), definition, brand),
    ),
  };
}

async function* locationRows(ctx: OrganisationContext, query: string) {
  yield* reader(locationsResource).streamRows(ctx, locationsList(query));
}

export async function* projectLocationsPdf(
  ctx: OrganisationContext,
  options: { project_id: string; query: string },
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const { brand, project, attributes } = await reportGround(ctx, options, 'location_attributes');
  const total = await reader(locationsResource).count(ctx, locationsList(options.query));
  progress(0, total, `Writing ${total} locations`);
  const pdf = new ReportPdf(ctx, `${brand.companyName} · ${project.name} · Locations`, 'Locations');
  pdf.addPage();
  pdf.heading(`Locations: ${project.name}`, 18);
  pdf.pair('Company', brand.companyName);
  if (project.clientName) pdf.pair('Client', project.clientName);
  if (project.siteAddress) pdf.pair('Site', project.siteAddress);
  pdf.pair('Locations', String(total));
  pdf.pair('Printed', brand.dates.date(new Date().toISOString().slice(0, 10)));
  const counts = new Map<string, number>();
  const widths = [34, 70, 72, 120, 70, 70, CONTENT_WIDTH - 436];
  pdf.heading('Locations', 12);
  pdf.row(['No.', 'Reference', 'Status', 'Where', 'Zone', 'Specification', 'Sheets'], widths, true);
  let done = 0;
  for await (const rows of locationRows(ctx, options.query)) {
    for (const row of rows) {
      const cells = locationCells(row, brand, attributes);
      counts.set(cells.status, (counts.get(cells.status) ?? 0) + 1);
      pdf.row(
        [
          String(cells.number),
          cells.reference,
          cells.status,
          cells.where,
          cells.zone,
          cells.specification,
          String(cells.sheets),
        ],
        widths,
      );
      const details = attributes
        .map((definition, index) => [definition.name, cells.attributes[index]] as const)
        .filter(([, text]) => text)
        .map(([name, text]) => `${name}: ${text}`);
      if (cells.variation) details.unshift(`Variation: ${cells.variation}`);
      if (details.length) pdf.line(details.join(' · '), { size: 8, color: '#444444' });
    }
    done += rows.length;
    progress(done, total);
    yield* pdf.drain();
  }
  if (!total) pdf.line('No locations match.');
  else {
    pdf.heading('By status', 12);
    for (const [status, count] of counts) pdf.pair(status, String(count));
  }
  yield* pdf.finish();
}

export async function* projectLocationsExcel(
  ctx: OrganisationContext,
  options: { project_id: string; query: string },
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const { brand, project, attributes } = await reportGround(ctx, options, 'location_attributes');
  const total = await reader(locationsResource).count(ctx, locationsList(options.query));
  progress(0, total, `Writing ${total} locations`);
  const { workbook, drain, ended } = streamedWorkbook({
    creator: brand.companyName,
    title: `${project.name} locations`,
  });
  const sheet = workbook.addWorksheet('Locations');
  sheet.columns = [
    { header: 'No.', width: 7 },
    { header: 'Reference', width: 18 },
    { header: 'Status', width: 16 },
    { header: 'Where', width: 36 },
    { header: 'Zone', width: 20 },
    { header: 'Specification', width: 22 },
    { header: 'Variation', width: 24 },
    { header: 'QR code', width: 12 },
    { header: 'Job sheets', width: 11 },
    ...attributes.map((definition) => ({ header: definition.name, width: 18 })),
  ];
  sheet.getRow(1).font = { bold: true };
  let done = 0;
  for await (const rows of locationRows(ctx, options.query)) {
    for (const row of rows) {
      const cells = locationCells(row, brand, attributes);
      sheet
        .addRow(
          [
            cells.number,
            cells.reference,
            cells.status,
            cells.where,
            cells.zone,
            cells.specification,
            cells.variation,
            cells.qrCode,
            cells.sheets,
            ...cells.attributes,
          ].map(neutralise),
        )
        .commit();
    }
    done += rows.length;
    progress(done, total);
    yield* drain();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  yield* drain();
}

interface PriceItem {
  description: string;
  quantity: number;
  price: number;
  total: number;
}

async function specificationRows(ctx: OrganisationContext, projectId: string) {
  const rows: Row[] = [];
  const query = locationsList(`filter[project_id]=${projectId}&sort=name`);
  for await (const chunk of reader(specificationsResource).streamRows(ctx, query))
    rows.push(...chunk);
  return rows;
}

const itemsTotal = (items: PriceItem[]) => items.reduce((sum, item) => sum + item.total, 0);

export async function* projectSpecificationsPdf(
  ctx: OrganisationContext,
  options: { project_id: string },
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const { brand, project, attributes } = await reportGround(
    ctx,
    options,
    'specification_attributes',
  );
  const specifications = await specificationRows(ctx, project.id);
  progress(0, specifications.length, `Writing ${specifications.length} specifications`);
  const pdf = new ReportPdf(
    ctx,
    `${brand.companyName} · ${project.name} · Specifications`,
    'Specifications',
  );
  pdf.addPage();
  pdf.heading(`Specifications: ${project.name}`, 18);
  pdf.pair('Company', brand.companyName);
  if (project.clientName) pdf.pair('Client', project.clientName);
  pdf.pair('Specifications', String(specifications.length));
  pdf.pair('Printed', brand.dates.date(new Date().toISOString().slice(0, 10)));
  if (!specifications.length) pdf.line('This project has no specifications.');
  const widths = [CONTENT_WIDTH - 210, 60, 70, 80];
  let done = 0;
  for (const row of specifications) {
    const items = row.price_items as PriceItem[];
    const values = valuesBy(row);
    pdf.heading(named(row), 13);
    pdf.pair('Price', formatMinor(Number(row.price)));
    pdf.pair('Locations', String(row.location_count));
    const materials = (row.materials as Array<{ name: string }>).map((material) => material.name);
    if (materials.length) pdf.pair('Materials', materials.join(', '));
    for (const definition of attributes) {
      const text = valueText(values.get(definition.id), definition, brand);
      if (text) pdf.pair(definition.name, text);
    }
    if (items.length) {
      pdf.row(['Item', 'Quantity', 'Price', 'Total'], widths, true);
      for (const item of items)
        pdf.row(
          [
            item.description,
            formatNumber(item.quantity),
            formatMinor(item.price),
            formatMinor(item.total),
          ],
          widths,
        );
      pdf.row(['Items in all', '', '', formatMinor(itemsTotal(items))], widths, true);
    }
    done += 1;
    progress(done, specifications.length);
    yield* pdf.drain();
  }
  yield* pdf.finish();
}

export async function* projectSpecificationsExcel(
  ctx: OrganisationContext,
  options: { project_id: string },
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const { brand, project, attributes } = await reportGround(
    ctx,
    options,
    'specification_attributes',
  );
  const specifications = await specificationRows(ctx, project.id);
  progress(0, specifications.length, `Writing ${specifications.length} specifications`);
  const { workbook, drain, ended } = streamedWorkbook({
    creator: brand.companyName,
    title: `${project.name} specifications`,
  });
  const money = '#,##0.00';
  const list = workbook.addWorksheet('Specifications');
  list.columns = [
    { header: 'Code', width: 12 },
    { header: 'Name', width: 30 },
    { header: 'Price', width: 12, style: { numFmt: money } },
    { header: 'Items total', width: 12, style: { numFmt: money } },
    { header: 'Locations', width: 10 },
    { header: 'Materials', width: 36 },
    ...attributes.map((definition) => ({ header: definition.name, width: 18 })),
  ];
  const items = workbook.addWorksheet('Price items');
  items.columns = [
    { header: 'Specification', width: 34 },
    { header: 'Item', width: 40 },
    { header: 'Quantity', width: 10 },
    { header: 'Price', width: 12, style: { numFmt: money } },
    { header: 'Total', width: 12, style: { numFmt: money } },
  ];
  for (const sheet of [list, items]) sheet.getRow(1).font = { bold: true };
  const pounds = (minor: number) => minor / 100;
  let done = 0;
  for (const row of specifications) {
    const priceItems = row.price_items as PriceItem[];
    const values = valuesBy(row);
    const cells: ExcelJS.CellValue[] = [
      (row.code as string | null) ?? '',
      String(row.name),
      pounds(Number(row.price)),
      pounds(itemsTotal(priceItems)),
      Number(row.location_count),
      (row.materials as Array<{ name: string }>).map((material) => material.name).join(', '),
      ...attributes.map((definition) => valueText(values.get(definition.id), definition, brand)),
    ];
    list.addRow(cells.map(neutralise)).commit();
    for (const item of priceItems)
      items
        .addRow(
          [named(row), item.description, item.quantity, pounds(item.price), pounds(item.total)].map(
            neutralise,
          ),
        )
        .commit();
    done += 1;
    progress(done, specifications.length);
    yield* drain();
  }
  list.commit();
  items.commit();
  await workbook.commit();
  await ended;
  yield* drain();
}
