import { z } from 'zod';
import { route, type RouteDef } from '../../../platform/http/route';
import { importRoutes } from '../../../platform/imports/routes';
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
  ...importRoutes(globalRateSetCsvImport),
  ...importRoutes(projectRateSetCsvImport),
];
