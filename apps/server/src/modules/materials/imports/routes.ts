import {
  materialParsedRowSchema,
  type ImportSummaryRow,
  type MaterialParsedRow,
} from '@fieldwork/contract';
import { z } from 'zod';
import { route, type RouteDef } from '../../../platform/http/route';
import { csvCheckRoute, importRoutes } from '../../../platform/imports/routes';
import { inputTypeCell, namesCell } from './cells';
import { inputTypesUrl, materialsCsvImport } from './materials-csv';
import { globalRateSetCsvImport, projectRateSetCsvImport } from './rate-set-csvs';

/** The three imports of materials and rates, and the materials import's input types file. */
export const materialImportRoutes = (): RouteDef[] => [
  ...importRoutes(materialsCsvImport),
  route({
    method: 'GET',
    path: '/import_file/materials_csv/input_types_url',
    access: 'organisation',
    minRole: 'MANAGER',
    tags: ['Material', 'Imports'],
    summary:
      'A link to a CSV of the ten input types (key, name, measures, units) to fill the Input type column',
    response: z.object({ url: z.string() }),
    handler: (ctx) => inputTypesUrl(ctx),
  }),
  csvCheckRoute(materialsCsvImport, {
    path: '/materials/parse_csv',
    summary:
      'What each row of a materials CSV would be (name, input type, group and tag names) and what is wrong with it; nothing is written (the materials_csv import creates them)',
    response: z.object({ data: z.array(materialParsedRowSchema) }),
    answer: (summary) => ({ data: summary.rows.map(parsedMaterial) }),
  }),
  ...importRoutes(globalRateSetCsvImport),
  ...importRoutes(projectRateSetCsvImport),
];

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A summary row of materials_csv as a material: its values once parsed (a row that did not parse
 * keeps its cells as written, read here by the import's own cell rules: an input type by key or
 * name, null when unknown; tags split).
 */
function parsedMaterial(row: ImportSummaryRow): MaterialParsedRow {
  const { name, input_type: type, group, tags } = row.data;
  return {
    row: row.row,
    name: text(name),
    input_type_key: inputTypeCell.safeParse(text(type) ?? undefined).data ?? null,
    material_group_name: text(group),
    material_tag_names: Array.isArray(tags) ? tags.map(String) : namesCell.parse(text(tags) ?? ''),
    errors: row.errors,
  };
}
