import type { BuildProgress } from '../../platform/builds';
import type { OrganisationContext } from '../../platform/http/context';
import { reader, type Row } from '../../platform/resource-kit';
import { locationsResource } from '../locations';
import { neutralise } from './excel/cells';
import { streamedWorkbook } from './excel/streamed-workbook';
import { CONTENT_WIDTH, ReportPdf } from './pdf/document';
import {
  named,
  reportGround,
  valueText,
  valuesBy,
  type AttributeDefinition,
} from './project-lists';
import { listQuery, type Branding } from './source';

/**
 * A project's locations as a report (`POST /reports/build/project_locations`): a branded PDF table
 * with each location's attribute values beneath its row and the counts by status, or an Excel
 * sheet with a column per location attribute; read through the locations' own list.
 */

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
  yield* reader(locationsResource).streamRows(ctx, listQuery(query));
}

/** What both formats start from: the project, its attributes and how many locations match. */
async function locationsGround(
  ctx: OrganisationContext,
  options: { project_id: string; query: string },
  progress: BuildProgress,
) {
  const ground = await reportGround(ctx, options, 'location_attributes');
  const total = await reader(locationsResource).count(ctx, listQuery(options.query));
  progress(0, total, `Writing ${total} locations`);
  return { ...ground, total };
}

export async function* projectLocationsPdf(
  ctx: OrganisationContext,
  options: { project_id: string; query: string },
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const { brand, project, attributes, total } = await locationsGround(ctx, options, progress);
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
  const { brand, project, attributes, total } = await locationsGround(ctx, options, progress);
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
