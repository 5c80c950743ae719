import { z } from 'zod';
import {
  idSchema,
  optionalText,
  recordPermissionsSchema,
  recordSchema,
  requiredName,
  timestampSchema,
} from './common';
import { LATITUDE_RANGE, LONGITUDE_RANGE, normaliseWhat3words } from './site-rules';

// Sites, blocks and levels (field-work §3) ------------------------------------------------------

export const siteCountrySchema = z
  .object({ name: z.string(), iso_code: z.string().describe('ISO 3166-1 alpha-2') })
  .meta({ id: 'SiteCountry' });

export const latLngSchema = z
  .object({
    lat: z
      .number('Must be a number')
      .min(LATITUDE_RANGE[0], 'Latitude is between -90 and 90')
      .max(LATITUDE_RANGE[1], 'Latitude is between -90 and 90'),
    lng: z
      .number('Must be a number')
      .min(LONGITUDE_RANGE[0], 'Longitude is between -180 and 180')
      .max(LONGITUDE_RANGE[1], 'Longitude is between -180 and 180'),
  })
  .meta({ id: 'LatLng' });
export type LatLng = z.infer<typeof latLngSchema>;

export const siteSchema = recordSchema
  .extend({
    name: z.string(),
    name_is_custom: z.boolean(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: siteCountrySchema.nullable(),
    full_address: z.string().describe('The non-empty address parts joined with ", "'),
    coordinates: latLngSchema.nullable(),
    what3words: z.string().nullable().describe('word.word.word'),
    notes: z.string().nullable(),
    deleted_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Site' });
export type Site = z.infer<typeof siteSchema>;

/** A country as its ISO code ("gb" → "GB"), or {iso_code}; null clears it. */
const countryInput = z
  .union([z.string('Must be an ISO country code'), z.object({ iso_code: z.string() })])
  .nullish()
  .transform((value) => {
    const code = typeof value === 'string' ? value : value?.iso_code;
    return code?.trim() ? code.trim().toUpperCase() : null;
  });

const what3wordsInput = z
  .string('Must be text')
  .nullish()
  .transform((value, context) => {
    if (!value?.trim()) return null;
    const words = normaliseWhat3words(value);
    if (!words) {
      context.addIssue({
        code: 'custom',
        message: 'Must be a what3words address: ///word.word.word',
      });
      return z.NEVER;
    }
    return words;
  });

const siteFields = {
  /** A given name is kept (name_is_custom); without one the name follows the address. */
  name: optionalText(255),
  name_is_custom: z.boolean('Must be true or false').optional(),
  address_line_1: optionalText(255),
  address_line_2: optionalText(255),
  city: optionalText(255),
  postcode: optionalText(20),
  country: countryInput,
  coordinates: latLngSchema.nullish(),
  what3words: what3wordsInput,
  notes: optionalText(5000),
};
export const siteCreateSchema = z.object(siteFields).meta({ id: 'SiteCreate' });
export const siteUpdateSchema = z.object(siteFields).partial().meta({ id: 'SiteUpdate' });
export type SiteCreate = z.input<typeof siteCreateSchema>;

export const levelSchema = recordSchema
  .extend({
    block_id: idSchema,
    name: z.string(),
    order: z.number().int(),
    deleted_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Level' });
export type Level = z.infer<typeof levelSchema>;

export const levelCreateSchema = z
  .object({ block_id: idSchema, name: requiredName })
  .meta({ id: 'LevelCreate' });
export const levelUpdateSchema = z
  .object({ name: requiredName })
  .partial()
  .meta({ id: 'LevelUpdate' });
export const levelMoveSchema = z.object({ block_id: idSchema }).meta({ id: 'LevelMove' });

export const blockSchema = recordSchema
  .extend({
    project_id: idSchema,
    site_id: idSchema,
    name: z.string(),
    order: z.number().int(),
    levels: z.array(levelSchema).describe('The live levels, in order'),
    deleted_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Block' });
export type Block = z.infer<typeof blockSchema>;

export const blockCreateSchema = z
  .object({
    project_id: idSchema,
    /** Defaults to the project's site. */
    site_id: idSchema.optional(),
    name: requiredName,
  })
  .meta({ id: 'BlockCreate' });
export const blockUpdateSchema = z
  .object({ name: requiredName })
  .partial()
  .meta({ id: 'BlockUpdate' });

// CSV imports (field-work §7 "Imports under /import_file/{kind}/") -----------------------------

export const importRowErrorSchema = z.object({
  field: z.string().describe('The column key, e.g. "country"'),
  message: z.string(),
});

export const importSummaryRowSchema = z
  .object({
    row: z.number().int().describe('1-based line of the file (the header is line 1)'),
    status: z.enum(['create', 'reject']),
    data: z.record(z.string(), z.unknown()).describe('The values the row would be created with'),
    errors: z.array(importRowErrorSchema),
  })
  .meta({ id: 'ImportSummaryRow' });
export type ImportSummaryRow = z.infer<typeof importSummaryRowSchema>;

export const importWarningSchema = z.object({ column: z.string(), message: z.string() });

export const importSummarySchema = z
  .object({
    rows: z.array(importSummaryRowSchema),
    create_count: z.number().int(),
    reject_count: z.number().int(),
    columns: z
      .array(z.object({ key: z.string(), header: z.string() }))
      .describe('The columns of this kind, in template order'),
    warnings: z.array(importWarningSchema).describe('Columns of the file that are not used'),
  })
  .meta({ id: 'ImportSummary' });
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importResultSchema = z
  .object({ created: z.number().int(), ids: z.array(idSchema) })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /import_file/{kind}/import of a large file: accepted (202), imported on the work queue. */
export const importQueuedSchema = z
  .object({
    task_id: idSchema.describe(
      'Poll GET /background_tasks/{task_id}: SUCCEEDED with an ImportResult as its result, or FAILED with the error body (e.g. the rejected rows) as its result',
    ),
    status: z.literal('QUEUED'),
    size: z.number().int().describe('The bytes received'),
  })
  .meta({ id: 'ImportQueued' });
export type ImportQueued = z.infer<typeof importQueuedSchema>;
/**
 * An imported file (field-work §3 Imported file): a CSV import that committed, with the very file
 * it read (a signed link), who imported it and when. `type` is the import kind in capitals
 * (SITES_CSV, SITE_CSV, JOBS_CSV), `collection_name` what its rows became, `document_id` the
 * record they were imported into when there is one (a site's structure: the site).
 */
export const importedFileSchema = recordSchema
  .extend({
    collection_name: z.string(),
    document_id: idSchema.nullable(),
    type: z.string(),
    name: z.string().describe("The file's name as uploaded"),
    file: z.object({
      name: z.string(),
      size: z.number().int(),
      content_type: z.string(),
      url: z.string().describe('A signed, expiring link to the very file imported'),
    }),
    created_count: z.number().int().describe('The records the import created'),
    created_by_user_id: idSchema.nullable(),
    created_by_user: z.object({ id: idSchema, name: z.string() }).nullable(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'ImportedFile' });
export type ImportedFile = z.infer<typeof importedFileSchema>;

export const importAnswerSchema = z.union([importResultSchema, importQueuedSchema]);
export type ImportAnswer = z.infer<typeof importAnswerSchema>;
export const isQueuedImport = (answer: ImportAnswer): answer is ImportQueued => 'task_id' in answer;
