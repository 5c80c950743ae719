import { formatMinor } from '@fieldwork/contract';
import type ExcelJS from 'exceljs';
import type { BuildProgress } from '../../platform/builds';
import type { OrganisationContext } from '../../platform/http/context';
import { reader, type Row } from '../../platform/resource-kit';
import { specificationsResource } from '../locations';
import { neutralise } from './excel/cells';
import { streamedWorkbook } from './excel/streamed-workbook';
import { formatNumber } from './labels';
import { CONTENT_WIDTH, ReportPdf } from './pdf/document';
import { named, reportGround, valueText, valuesBy } from './project-lists';
import { listQuery } from './source';

/**
 * A project's specifications as a report (`POST /reports/build/project_specifications`): each with
 * its price, materials, attribute values and price items (PDF), or a sheet of specifications and
 * one of their price items, money as numbers (Excel); read through the specifications' own list.
 */

interface PriceItem {
  description: string;
  quantity: number;
  price: number;
  total: number;
}

async function specificationRows(ctx: OrganisationContext, projectId: string) {
  const rows: Row[] = [];
  const query = listQuery(`filter[project_id]=${projectId}&sort=name`);
  for await (const chunk of reader(specificationsResource).streamRows(ctx, query))
    rows.push(...chunk);
  return rows;
}

/** What both formats start from: the project, its attributes and its specifications, counted. */
async function specificationsGround(
  ctx: OrganisationContext,
  options: { project_id: string },
  progress: BuildProgress,
) {
  const ground = await reportGround(ctx, options, 'specification_attributes');
  const specifications = await specificationRows(ctx, ground.project.id);
  progress(0, specifications.length, `Writing ${specifications.length} specifications`);
  return { ...ground, specifications };
}

const itemsTotal = (items: PriceItem[]) => items.reduce((sum, item) => sum + item.total, 0);

export async function* projectSpecificationsPdf(
  ctx: OrganisationContext,
  options: { project_id: string },
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const { brand, project, attributes, specifications } = await specificationsGround(
    ctx,
    options,
    progress,
  );
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
  const { brand, project, attributes, specifications } = await specificationsGround(
    ctx,
    options,
    progress,
  );
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
