import { z } from 'zod';
import {
  formBoolean,
  formIds,
  idSchema,
  optionalText,
  recordPermissionsSchema,
  recordSchema,
  requiredName,
  timestampSchema,
} from './common';
import { MATERIAL_INPUT_FIELDS, type MaterialMeasure } from './job-sheets';
import { MATERIAL_INPUT_TYPE_KEYS, type MaterialInputTypeKey } from './material-keys';
import { attachmentSchema } from './people';

/**
 * Materials, rate groups, rate sets and services (field-work §3 Materials and rates, Service;
 * §9 the ten input types). Money is in integer minor units (pence): rates, fixed amounts and
 * prices alike. How a price is worked out: docs/pricing.md.
 */

// Input types ---------------------------------------------------------------------------------

export interface MaterialInputType {
  key: MaterialInputTypeKey;
  name: string;
  /** The measures a job sheet material of this type is recorded with. */
  input_fields: MaterialMeasure[];
  /** What `rate` is per, e.g. "Rate per m²". */
  rate_header: string;
  /** What a tier's `for_up_to` bounds, e.g. "Diameter up to". */
  for_up_to_header: string;
  /** The unit of `for_up_to`, e.g. "mm". */
  for_up_to_unit: string;
  /** The unit of `min_measure` (the unit the rate is charged in), e.g. "m²". */
  min_measure_unit: string;
  enable_fixed_amount: boolean;
  enable_rate: boolean;
  enable_min_measure: boolean;
}

const inputType = (
  key: MaterialInputTypeKey,
  name: string,
  rate_header: string,
  for_up_to_header: string,
  for_up_to_unit: string,
  min_measure_unit: string,
  enable_min_measure = true,
  enable_fixed_amount = true,
): MaterialInputType => ({
  key,
  name,
  input_fields: MATERIAL_INPUT_FIELDS[key],
  rate_header,
  for_up_to_header,
  for_up_to_unit,
  min_measure_unit,
  enable_fixed_amount,
  enable_rate: true,
  enable_min_measure,
});

/** The ten input types (field-work §9), in the spec's order. */
export const MATERIAL_INPUT_TYPES: Record<MaterialInputTypeKey, MaterialInputType> = {
  SQUARE_METRES: inputType(
    'SQUARE_METRES',
    'Square metres',
    'Rate per m²',
    'Area up to',
    'm²',
    'm²',
  ),
  QUANTITY_AND_DIAMETER: inputType(
    'QUANTITY_AND_DIAMETER',
    'Quantity and diameter',
    'Rate per item',
    'Diameter up to',
    'mm',
    'items',
  ),
  LINEAR_METRES_AND_JOINT_SIZE: inputType(
    'LINEAR_METRES_AND_JOINT_SIZE',
    'Linear metres and joint size',
    'Rate per m',
    'Joint size up to',
    'mm',
    'm',
  ),
  CUBIC_METRES: inputType(
    'CUBIC_METRES',
    'Cubic metres',
    'Rate per m³',
    'Volume up to',
    'm³',
    'm³',
  ),
  QUANTITY: inputType('QUANTITY', 'Quantity', 'Rate per item', 'Quantity up to', 'items', 'items'),
  LENGTH_AND_DIAMETER: inputType(
    'LENGTH_AND_DIAMETER',
    'Length and diameter',
    'Rate per m',
    'Diameter up to',
    'mm',
    'm',
  ),
  SQUARE_METRES_ALL_SIDES: inputType(
    'SQUARE_METRES_ALL_SIDES',
    'Square metres (all sides)',
    'Rate per m²',
    'Area up to',
    'm²',
    'm²',
  ),
  SQUARE_METRES_FOUR_SIDES: inputType(
    'SQUARE_METRES_FOUR_SIDES',
    'Square metres (four sides)',
    'Rate per m²',
    'Area up to',
    'm²',
    'm²',
  ),
  LINEAR_METRES: inputType(
    'LINEAR_METRES',
    'Linear metres',
    'Rate per m',
    'Length up to',
    'm',
    'm',
  ),
  AVERAGE_SIDE: inputType(
    'AVERAGE_SIDE',
    'Average side',
    'Rate per opening',
    'Average side up to',
    'mm',
    'openings',
    false,
    false,
  ),
};

export const materialInputTypeSchema = z
  .object({
    id: z.enum(MATERIAL_INPUT_TYPE_KEYS).describe('The key, as the id'),
    key: z.enum(MATERIAL_INPUT_TYPE_KEYS),
    name: z.string(),
    input_fields: z.array(z.string()),
    rate_header: z.string(),
    for_up_to_header: z.string(),
    for_up_to_unit: z.string(),
    min_measure_unit: z.string(),
    enable_fixed_amount: z.boolean(),
    enable_rate: z.boolean(),
    enable_min_measure: z.boolean(),
  })
  .meta({ id: 'MaterialInputType' });

// Pricing -------------------------------------------------------------------------------------

/** Money in minor units (pence): a whole number, never a fraction. */
export const moneySchema = z
  .number('Must be a number')
  .int('Must be a whole number of minor units (pence)')
  .min(0, 'Must be 0 or more')
  .max(100_000_000_000, 'At most 100,000,000,000');
const measureBound = z
  .number('Must be a number')
  .min(0, 'Must be 0 or more')
  .max(1_000_000_000, 'At most 1,000,000,000');

export const rateTierSchema = z
  .object({
    for_up_to: measureBound.positive('Must be more than 0'),
    fixed_amount: moneySchema.default(0),
    rate: moneySchema.default(0),
  })
  .strict()
  .meta({ id: 'RateTier' });
export type RateTier = z.output<typeof rateTierSchema>;

/**
 * How one input type (in a rate set) or one material (custom) is priced: tiers by the type's
 * tier measure, and above the last tier (or without tiers) `rate` and `fixed_amount`; the charged
 * measure is at least `min_measure`.
 */
export const pricingSchema = z
  .object({
    tiers: z
      .array(rateTierSchema)
      .max(50, 'At most 50 tiers')
      .default([])
      .refine(
        (tiers) => tiers.every((tier, i) => i === 0 || tier.for_up_to > tiers[i - 1]!.for_up_to),
        'Each tier must go further than the one before it',
      ),
    rate: moneySchema.nullable().default(null),
    fixed_amount: moneySchema.nullable().default(null),
    min_measure: measureBound.nullable().default(null),
  })
  .strict()
  .meta({ id: 'Pricing' });
export type Pricing = z.output<typeof pricingSchema>;

export const rateSetPriceSchema = pricingSchema
  .extend({ input_type_key: z.enum(MATERIAL_INPUT_TYPE_KEYS) })
  .meta({ id: 'RateSetPrice' });
export type RateSetPrice = z.output<typeof rateSetPriceSchema>;

// Groups and tags -----------------------------------------------------------------------------

const named = recordSchema.extend({ name: z.string(), archived_at: timestampSchema.nullable() });
export const materialGroupSchema = named
  .extend({ permissions: recordPermissionsSchema.optional() })
  .meta({ id: 'MaterialGroup' });
export type MaterialGroup = z.infer<typeof materialGroupSchema>;
export const materialTagSchema = named
  .extend({ permissions: recordPermissionsSchema.optional() })
  .meta({ id: 'MaterialTag' });
export type MaterialTag = z.infer<typeof materialTagSchema>;
export const namedCreateSchema = z.object({ name: requiredName }).meta({ id: 'NamedCreate' });

// Rate groups and rate sets ------------------------------------------------------------------

export const materialRateGroupSchema = recordSchema
  .extend({
    name: z.string(),
    order: z.number().int(),
    default_material_rate_set_id: idSchema.nullable(),
    rate_sets: z.array(z.object({ id: idSchema, name: z.string(), locked: z.boolean() })),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'MaterialRateGroup' });
export type MaterialRateGroup = z.infer<typeof materialRateGroupSchema>;
export const materialRateGroupCreateSchema = z
  .object({ name: requiredName, default_material_rate_set_id: idSchema.nullish() })
  .meta({ id: 'MaterialRateGroupCreate' });
export const materialRateGroupUpdateSchema = materialRateGroupCreateSchema
  .partial()
  .meta({ id: 'MaterialRateGroupUpdate' });

const uniqueTypes = (prices: RateSetPrice[]) =>
  new Set(prices.map((price) => price.input_type_key)).size === prices.length;

export const rateSetSchema = recordSchema
  .extend({
    material_rate_group_id: idSchema.nullable(),
    material_rate_group_name: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    locked: z.boolean(),
    order: z.number().int(),
    /** Per input type: its tiers, rate, fixed amount and minimum measure. */
    prices: z.array(rateSetPriceSchema),
    archived_at: timestampSchema.nullable(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'RateSet' });
export type RateSet = z.infer<typeof rateSetSchema>;
const rateSetFields = {
  material_rate_group_id: idSchema,
  name: requiredName,
  description: optionalText(2000),
  locked: z.boolean().default(false),
  prices: z
    .array(rateSetPriceSchema)
    .max(MATERIAL_INPUT_TYPE_KEYS.length)
    .refine(uniqueTypes, 'One price per input type')
    .default([]),
};
export const rateSetCreateSchema = z.object(rateSetFields).meta({ id: 'RateSetCreate' });
export type RateSetCreate = z.input<typeof rateSetCreateSchema>;
export const rateSetUpdateSchema = z
  .object({
    name: requiredName,
    description: optionalText(2000),
    locked: z.boolean(),
    prices: rateSetFields.prices.unwrap(),
  })
  .partial()
  .meta({ id: 'RateSetUpdate' });

// Materials -----------------------------------------------------------------------------------

/** A material's pricing in one rate set: the set's prices for its type, or its own. */
export const materialRateEntrySchema = z
  .object({
    material_rate_group_id: idSchema,
    material_rate_set_id: idSchema,
    use_custom: z.boolean(),
    custom: pricingSchema.nullable(),
  })
  .meta({ id: 'MaterialRateGroupEntry' });
export type MaterialRateEntry = z.infer<typeof materialRateEntrySchema>;
export const materialRateEntryInputSchema = z
  .object({
    material_rate_set_id: idSchema,
    use_custom: z.boolean().default(false),
    custom: pricingSchema.nullish().transform((value) => value ?? null),
  })
  .strict()
  .meta({ id: 'MaterialRateGroupEntryInput' });
/** PUT /materials/{id}/rates: the material's entries, whole (sets not named take their own prices). */
export const materialRatesSetSchema = z
  .object({ rates: z.array(materialRateEntryInputSchema).max(500) })
  .strict()
  .meta({ id: 'MaterialRatesSet' });
export type MaterialRatesSet = z.input<typeof materialRatesSetSchema>;
/** POST /materials/{id}/rates/copy: this material's entries onto others of its input type. */
export const materialRatesCopySchema = z
  .object({ material_ids: z.array(idSchema).min(1).max(1000) })
  .strict()
  .meta({ id: 'MaterialRatesCopy' });

export const materialSchema = recordSchema
  .extend({
    name: z.string(),
    input_type_key: z.enum(MATERIAL_INPUT_TYPE_KEYS),
    material_group_id: idSchema.nullable(),
    material_group: z.object({ id: idSchema, name: z.string() }).nullable(),
    material_group_name: z.string().nullable().describe('Sortable: sort=material_group_name'),
    material_tag_ids: z.array(idSchema),
    rates: z.array(materialRateEntrySchema),
    attachments: z.array(attachmentSchema),
    archived_at: timestampSchema.nullable(),
    in_use: z.boolean().describe('Recorded on a job sheet'),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Material' });
export type Material = z.infer<typeof materialSchema>;
const materialFields = {
  name: requiredName,
  input_type_key: z.enum(MATERIAL_INPUT_TYPE_KEYS),
  material_group_id: z
    .union([idSchema, z.literal('')])
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  material_tag_ids: formIds(100).optional(),
};
export const materialCreateSchema = z
  .object({
    ...materialFields,
    add_to_all_projects: formBoolean.optional(),
    add_to_all_project_templates: formBoolean.optional(),
  })
  .meta({ id: 'MaterialCreate' });
export type MaterialCreate = z.input<typeof materialCreateSchema>;
export const materialUpdateSchema = z
  .object(materialFields)
  .partial()
  .meta({ id: 'MaterialUpdate' });
/** PUT /materials/update_many: the same fields onto every id. */
export const materialUpdateManySchema = z
  .object({
    ids: z.array(idSchema).min(1).max(1000),
    fields: materialUpdateSchema.omit({ name: true }),
  })
  .meta({ id: 'MaterialUpdateMany' });

/** Add materials to a project or template (or all of them): POST /materials/{add,remove}_... */
export const materialProjectBodySchema = z
  .object({ ids: z.array(idSchema).min(1).max(1000), project_id: idSchema })
  .strict()
  .meta({ id: 'MaterialProjectBody' });
export const materialTemplateBodySchema = z
  .object({ ids: z.array(idSchema).min(1).max(1000), project_template_id: idSchema })
  .strict()
  .meta({ id: 'MaterialTemplateBody' });
export const materialIdsBodySchema = z
  .object({ ids: z.array(idSchema).min(1).max(1000) })
  .strict()
  .meta({ id: 'MaterialIdsBody' });

/** POST /materials/parse_csv: what each row of a materials CSV would be (nothing written). */
export const materialParsedRowSchema = z
  .object({
    row: z.number().int(),
    name: z.string().nullable(),
    input_type_key: z.string().nullable(),
    material_group_name: z.string().nullable(),
    material_tag_names: z.array(z.string()),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
  })
  .meta({ id: 'MaterialParsedRow' });
export type MaterialParsedRow = z.infer<typeof materialParsedRowSchema>;

// Services ------------------------------------------------------------------------------------

export const serviceSchema = recordSchema
  .extend({
    name: z.string(),
    description: z.string().nullable(),
    operative_price: z.number().int().describe('Minor units'),
    charge_price: z.number().int().describe('Minor units'),
    archived_at: timestampSchema.nullable(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceSchema>;
const serviceFields = {
  name: requiredName,
  description: optionalText(2000),
  operative_price: moneySchema.default(0),
  charge_price: moneySchema.default(0),
};
export const serviceCreateSchema = z.object(serviceFields).meta({ id: 'ServiceCreate' });
export type ServiceCreate = z.input<typeof serviceCreateSchema>;
export const serviceUpdateSchema = z
  .object({
    name: requiredName,
    description: optionalText(2000),
    operative_price: moneySchema,
    charge_price: moneySchema,
  })
  .partial()
  .meta({ id: 'ServiceUpdate' });

/** Money in minor units as people read it, e.g. 12345 → "123.45". */
export const formatMinor = (minor: number) => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** POST /projects/{id}/recalculate_rates answers the task re-pricing the project's sheets. */
export const rateRecalculationSchema = z
  .object({
    task_id: idSchema.describe(
      'Poll GET /background_tasks/{task_id}: progress in job sheet materials; SUCCEEDED with {project_id, recalculated}',
    ),
    status: z.literal('QUEUED'),
  })
  .meta({ id: 'RateRecalculation' });
