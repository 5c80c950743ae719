import { z } from 'zod';
import {
  idSchema,
  optionalText,
  recordPermissionsSchema,
  recordSchema,
  requiredName,
  timestampSchema,
} from './common';
import { attributeValueInputSchema, attributeValueSchema } from './jobs';
import { attachmentSchema } from './people';
import { buildNoticeSchema } from './builds';
import { LOCATION_STATUS_COLORS, LOCATION_STATUS_ICONS, LOCATION_STATUS_TYPES } from './projects';

// Locations, zones, specifications, drawings (field-work §3) and QR code batches ----------------

/** A drawing's (or pending drawing's) picture: PROCESSING while a PDF page is rendered. */
export const DRAWING_STATUSES = ['PROCESSING', 'READY', 'FAILED'] as const;
export type DrawingStatus = (typeof DRAWING_STATUSES)[number];

/** The file of a drawing or pending drawing: signed links, never storage keys. */
export const drawingFileSchema = z
  .object({
    name: z.string(),
    content_type: z.string().describe('The uploaded file’s type (application/pdf, image/png …)'),
    size: z.number().int(),
    url: z.string().describe('Signed link to the file as uploaded, valid for an hour'),
    image_url: z
      .string()
      .nullable()
      .describe('Signed link to the picture shown (a PDF’s rendered page), null until READY'),
  })
  .meta({ id: 'DrawingFile' });
export type DrawingFile = z.infer<typeof drawingFileSchema>;

const namedRef = z.object({ id: idSchema, name: z.string() });

export const drawingSchema = recordSchema
  .extend({
    project_id: idSchema,
    site_id: idSchema,
    block_id: idSchema,
    level_id: idSchema,
    block: namedRef.nullable(),
    level: namedRef.nullable(),
    name: z.string(),
    width: z.number().int().nullable().describe('Pixels of the picture; null until READY'),
    height: z.number().int().nullable(),
    order: z.number().int(),
    status: z.enum(DRAWING_STATUSES),
    error: z.string().nullable(),
    replacing: z.boolean().describe('A replacement picture is being processed'),
    file: drawingFileSchema.nullable(),
    location_count: z.number().int(),
    deleted_at: timestampSchema.nullable(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Drawing' });
export type Drawing = z.infer<typeof drawingSchema>;

/** POST /drawings (multipart): the level and the file (a PDF or an image); name defaults to the file's. */
export const drawingUploadFieldsSchema = z
  .object({ level_id: idSchema, name: optionalText(255) })
  .meta({ id: 'DrawingUploadFields' });
export const drawingCreateSchema = drawingUploadFieldsSchema;
export const drawingUpdateSchema = z
  .object({ name: requiredName })
  .partial()
  .meta({ id: 'DrawingUpdate' });
export const drawingMoveSchema = z
  .object({ level_id: idSchema, index: z.number().int().min(0).optional() })
  .meta({ id: 'DrawingMove' });

/** GET /drawings/{id}/image: the spec's optional conversion query. */
export const DRAWING_IMAGE_FORMATS = ['webp', 'png', 'jpeg'] as const;

export const pendingDrawingSchema = recordSchema
  .extend({
    project_id: idSchema.nullable(),
    site_id: idSchema.nullable(),
    name: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    status: z.enum(DRAWING_STATUSES),
    error: z.string().nullable(),
    file: drawingFileSchema.nullable(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'PendingDrawing' });
export type PendingDrawing = z.infer<typeof pendingDrawingSchema>;

/** POST /pending_drawings (multipart): file plus project_id or site_id. */
export const pendingDrawingUploadFieldsSchema = z
  .object({
    project_id: idSchema.optional(),
    site_id: idSchema.optional(),
    name: optionalText(255),
  })
  .meta({ id: 'PendingDrawingUploadFields' });
export const pendingDrawingCreateSchema = pendingDrawingUploadFieldsSchema;
export const pendingDrawingUpdateSchema = z
  .object({ name: requiredName })
  .partial()
  .meta({ id: 'PendingDrawingUpdate' });
/** POST /pending_drawings/{id}/convert: the level it becomes a drawing on. */
export const pendingDrawingConvertSchema = z
  .object({ level_id: idSchema, name: optionalText(255) })
  .meta({ id: 'PendingDrawingConvert' });

// Zones and specifications ---------------------------------------------------------------------

export const priceItemSchema = z
  .object({
    id: idSchema,
    description: z.string(),
    quantity: z.number(),
    price: z.number().int().describe('Minor units (pence) per unit'),
    total: z.number().int().describe('quantity × price, rounded, computed by the server'),
    order: z.number().int(),
  })
  .meta({ id: 'PriceItem' });
export type PriceItem = z.infer<typeof priceItemSchema>;

/**
 * A price item's total: quantity × price in minor units, rounded half away from zero. The server
 * stores it; the web app shows it live while the items are edited.
 */
export const priceItemTotal = (quantity: number, price: number) => {
  const total = quantity * price;
  return Math.sign(total) * Math.round(Math.abs(total));
};

/** A price item as sent: its total is computed, never taken from the client. */
export const priceItemInputSchema = z
  .object({
    id: idSchema.optional(),
    description: z.string().trim().min(1, 'Required').max(1000),
    quantity: z.number('Must be a number').min(0).max(1_000_000_000),
    price: z
      .number('Must be a whole number of minor units')
      .int('Must be a whole number of minor units')
      .min(-1_000_000_000_000)
      .max(1_000_000_000_000),
  })
  .strict()
  .meta({ id: 'PriceItemInput' });

export const materialRefSchema = z
  .object({ id: idSchema, name: z.string() })
  .meta({ id: 'MaterialRef' });

const pricedShape = {
  project_id: idSchema,
  code: z.string().nullable(),
  name: z.string(),
  price: z.number().int().describe('Minor units (pence)'),
  attribute_values: z.array(attributeValueSchema),
  attachments: z.array(attachmentSchema),
  materials: z.array(materialRefSchema),
  price_items: z.array(priceItemSchema),
  location_count: z.number().int(),
  permissions: recordPermissionsSchema.optional(),
};

export const zoneSchema = recordSchema
  .extend({ ...pricedShape, deleted_at: timestampSchema.nullable() })
  .meta({ id: 'Zone' });
export type Zone = z.infer<typeof zoneSchema>;
export const specificationSchema = recordSchema.extend(pricedShape).meta({ id: 'Specification' });
export type Specification = z.infer<typeof specificationSchema>;

const moneyInput = z
  .number('Must be a whole number of minor units')
  .int('Must be a whole number of minor units')
  .min(-1_000_000_000_000)
  .max(1_000_000_000_000);

const pricedInput = {
  code: optionalText(100),
  name: requiredName,
  price: moneyInput.optional(),
  attribute_values: z.array(attributeValueInputSchema).max(200).optional(),
  material_ids: z.array(idSchema).max(500).optional(),
  price_items: z.array(priceItemInputSchema).max(500).optional(),
};
export const zoneCreateSchema = z
  .object({ project_id: idSchema, ...pricedInput })
  .meta({ id: 'ZoneCreate' });
export const zoneUpdateSchema = z.object(pricedInput).partial().meta({ id: 'ZoneUpdate' });
export const specificationCreateSchema = z
  .object({ project_id: idSchema, ...pricedInput })
  .meta({ id: 'SpecificationCreate' });
export const specificationUpdateSchema = z
  .object(pricedInput)
  .partial()
  .meta({ id: 'SpecificationUpdate' });

// Locations ------------------------------------------------------------------------------------

export const locationStatusRefSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    type: z.enum(LOCATION_STATUS_TYPES),
    color: z.enum(LOCATION_STATUS_COLORS),
    icon: z.enum(LOCATION_STATUS_ICONS),
  })
  .meta({ id: 'LocationStatusRef' });

export const locationSchema = recordSchema
  .extend({
    project_id: idSchema,
    number: z.number().int().describe('Per project, without gaps'),
    reference: z.string().nullable(),
    reference_label: z
      .string()
      .describe(
        'What the reference is called: the project’s location_reference_label when location_reference_enabled, else the organisation’s settings.location_reference_field_name, else "Reference"',
      ),
    site_id: idSchema.nullable(),
    block_id: idSchema.nullable(),
    level_id: idSchema.nullable(),
    drawing_id: idSchema.nullable(),
    site: namedRef.nullable(),
    block: namedRef.nullable(),
    level: namedRef.nullable(),
    drawing: namedRef.nullable(),
    drawing_pos_top: z.number().nullable().describe('Fraction of the drawing’s height, 0–1'),
    drawing_pos_left: z.number().nullable().describe('Fraction of the drawing’s width, 0–1'),
    zone_id: idSchema.nullable(),
    zone: z.object({ id: idSchema, name: z.string(), code: z.string().nullable() }).nullable(),
    specification_id: idSchema.nullable(),
    specification: z
      .object({ id: idSchema, name: z.string(), code: z.string().nullable() })
      .nullable(),
    status_id: idSchema,
    status: locationStatusRefSchema,
    variation: z.string().nullable(),
    attribute_values: z.array(attributeValueSchema),
    qr_code: z.object({ id: idSchema, code: z.string() }).nullable(),
    original_job_sheet_id: idSchema.nullable(),
    job_sheets: z.array(z.object({ id: idSchema, number: z.number().int(), status: z.string() })),
    job_sheet_photos: z.array(
      z.object({
        id: idSchema,
        job_sheet_id: idSchema,
        status: z.string(),
        width: z.number().int().nullable(),
        height: z.number().int().nullable(),
      }),
    ),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof locationSchema>;

const fraction = z
  .number('Must be a number between 0 and 1')
  .min(0, 'Must be between 0 and 1')
  .max(1, 'Must be between 0 and 1');

const locationInput = {
  reference: optionalText(255),
  level_id: idSchema.nullish(),
  drawing_id: idSchema.nullish(),
  drawing_pos_top: fraction.nullish(),
  drawing_pos_left: fraction.nullish(),
  zone_id: idSchema.nullish(),
  specification_id: idSchema.nullish(),
  status_id: idSchema.optional(),
  variation: optionalText(5000),
  attribute_values: z.array(attributeValueInputSchema).max(200).optional(),
  qr_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{10}$/, 'Must be a 10-character QR code')
    .nullish()
    .describe('A code of the organisation’s QR batches to allocate; null releases it'),
};
/**
 * POST /locations: on the project, and optionally a level (site and block follow) and a drawing
 * of that level with the pin's fractions; a new location takes the project's first PENDING status
 * unless one is given.
 */
export const locationCreateSchema = z
  .object({
    project_id: idSchema,
    site_id: idSchema.nullish(),
    block_id: idSchema.nullish(),
    original_job_sheet_id: idSchema.nullish(),
    ...locationInput,
  })
  .meta({ id: 'LocationCreate' });
export const locationUpdateSchema = z
  .object({ site_id: idSchema.nullish(), block_id: idSchema.nullish(), ...locationInput })
  .partial()
  .meta({ id: 'LocationUpdate' });
export type LocationCreate = z.input<typeof locationCreateSchema>;

// QR code batches ------------------------------------------------------------------------------

export const QR_BATCH_MAX = 1000;

export const qrCodeBatchSchema = recordSchema
  .extend({
    quantity: z.number().int(),
    created_by_user: namedRef.nullable(),
    generated_at: timestampSchema.nullable(),
    failed_at: timestampSchema.nullable(),
    error: z.string().nullable(),
    allocated_at: timestampSchema.nullable().describe('When the last of its codes was allocated'),
    allocated_by_user: namedRef.nullable(),
    allocated_count: z.number().int(),
    downloaded_at: timestampSchema.nullable(),
    downloaded_by_user: namedRef.nullable(),
    download_count: z.number().int(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'QrCodeBatch' });
export type QrCodeBatch = z.infer<typeof qrCodeBatchSchema>;

export const qrCodeBatchGenerateSchema = z
  .object({
    quantity: z
      .number('Must be a whole number')
      .int('Must be a whole number')
      .min(1, 'At least 1')
      .max(QR_BATCH_MAX, `At most ${QR_BATCH_MAX} a batch`),
  })
  .strict()
  .meta({ id: 'QrCodeBatchGenerate' });
export const qrCodeBatchCreateSchema = qrCodeBatchGenerateSchema;
export const qrCodeBatchUpdateSchema = z.object({}).strict().meta({ id: 'QrCodeBatchUpdate' });

export const qrQuotaSchema = z
  .object({
    limit: z.number().int().describe('Codes the plan allows per period'),
    used: z.number().int(),
    remaining: z.number().int(),
    renewalDate: z.string().describe('YYYY-MM-DD: when the quota renews'),
  })
  .meta({ id: 'QrQuota' });
export type QrQuota = z.infer<typeof qrQuotaSchema>;

export const QR_DOWNLOAD_FORMATS = ['csv', 'pdf'] as const;
export const qrDownloadQuerySchema = z
  .object({ format: z.enum(QR_DOWNLOAD_FORMATS).optional() })
  .strict();

export const qrUtilisationSchema = z
  .object({
    total: z.number().int(),
    allocated: z.number().int(),
    unallocated: z.number().int(),
    batches: z.number().int(),
  })
  .meta({ id: 'QrUtilisation' });

/** POST /qr_code_batches/{id}/allocate: give one of the batch's codes to a location. */
export const qrAllocateSchema = z
  .object({ code: z.string().trim().toUpperCase().optional(), location_id: idSchema })
  .strict()
  .meta({ id: 'QrAllocate' });

/** GET /qr_codes/{id} (public): only what a scanner needs to route. */
export const publicQrCodeSchema = z
  .object({
    id: z.string().describe('The code'),
    organisation_id: idSchema,
    location_id: idSchema.nullable(),
    allocated: z.boolean(),
  })
  .meta({ id: 'PublicQrCode' });
export type PublicQrCode = z.infer<typeof publicQrCodeSchema>;

/** How each status colour is drawn on printed drawings (the same values as the web app's swatches). */
export const LOCATION_STATUS_COLOR_HEX: Record<(typeof LOCATION_STATUS_COLORS)[number], string> = {
  grey: '#868e96',
  purple: '#7048e8',
  teal: '#0c8599',
  mint: '#20c997',
  green: '#2f9e44',
  lime: '#82c91e',
  gold: '#f2b705',
  orange: '#f76707',
  brown: '#8b5a2b',
  taupe: '#9c8c7a',
  red: '#e03131',
  pink: '#e64980',
};

/** POST /reports/build/drawing_pdf: the drawing printed with its pins and a legend. */
export const drawingPdfReportBodySchema = z
  .object({ drawing_id: idSchema })
  .extend(buildNoticeSchema.shape)
  .meta({ id: 'DrawingPdfReportBody' });
