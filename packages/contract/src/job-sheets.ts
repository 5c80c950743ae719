import { z } from 'zod';
import {
  bulkFailureSchema,
  idSchema,
  recordPermissionsSchema,
  recordSchema,
  timestampSchema,
  typedValueFields,
} from './common';
import { photoMarkupSchema } from './photo-markup';
import { FORM_FIELD_TYPES, TABLE_ROWS_MAX } from './form-rules';
import { conditionalValueSchema, formRecordSchema } from './forms';
import { jobSchema } from './jobs';
import { signedDocumentSchema } from './documents';
import { MATERIAL_INPUT_TYPE_KEYS, type MaterialInputTypeKey } from './material-keys';

/**
 * Job sheets (field-work §3 Job sheets, §4 transitions; docs/job-sheets.md): a form filled in on a
 * job by an operative, submitted, then walked through the project's approval stages.
 *
 * IN_PROGRESS → SUBMITTED → APPROVED (after the last stage, or at once without approvals),
 * SUBMITTED → REJECTED → (fixed, resubmitted: next approval batch) SUBMITTED,
 * SUBMITTED → IN_PROGRESS (unsubmit, before any decision of the batch), any but APPROVED → CANCELLED.
 */
/** The longest text answer a job sheet keeps (the fill screen limits its inputs to it). */
export const TEXT_ANSWER_MAX = 20_000;

export const JOB_SHEET_STATUSES = [
  'IN_PROGRESS',
  'SUBMITTED',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
] as const;
export type JobSheetStatus = (typeof JOB_SHEET_STATUSES)[number];

export const JOB_SHEET_PHOTO_STATUSES = ['PROCESSING', 'READY', 'FAILED'] as const;
export type JobSheetPhotoStatus = (typeof JOB_SHEET_PHOTO_STATUSES)[number];
export const JOB_SHEET_PHOTO_CAPTURE_METHODS = [
  'WEB_IMPORT',
  'WEB_CAMERA',
  'APP_CAMERA',
  'APP_LIBRARY',
] as const;
export type JobSheetPhotoCaptureMethod = (typeof JOB_SHEET_PHOTO_CAPTURE_METHODS)[number];

export const APPROVAL_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type ApprovalDecisionKind = (typeof APPROVAL_DECISIONS)[number];

// Material input types: material-keys.ts.

export type MaterialMeasure =
  | 'quantity'
  | 'width_in_mm'
  | 'height_in_mm'
  | 'length_in_mm'
  | 'diameter_in_mm'
  | 'joint_size_in_mm'
  | 'linear_metres'
  | 'square_metres'
  | 'cubic_metres';
/** The measures each input type asks for (all required); a job sheet material takes no others. */
export const MATERIAL_INPUT_FIELDS: Record<MaterialInputTypeKey, MaterialMeasure[]> = {
  SQUARE_METRES: ['square_metres'],
  QUANTITY_AND_DIAMETER: ['quantity', 'diameter_in_mm'],
  LINEAR_METRES_AND_JOINT_SIZE: ['linear_metres', 'joint_size_in_mm'],
  CUBIC_METRES: ['cubic_metres'],
  QUANTITY: ['quantity'],
  LENGTH_AND_DIAMETER: ['length_in_mm', 'diameter_in_mm'],
  SQUARE_METRES_ALL_SIDES: ['width_in_mm', 'height_in_mm', 'length_in_mm'],
  SQUARE_METRES_FOUR_SIDES: ['width_in_mm', 'height_in_mm', 'length_in_mm'],
  LINEAR_METRES: ['linear_metres'],
  AVERAGE_SIDE: ['width_in_mm', 'height_in_mm'],
};
export const MATERIAL_MEASURES: MaterialMeasure[] = [
  'quantity',
  'width_in_mm',
  'height_in_mm',
  'length_in_mm',
  'diameter_in_mm',
  'joint_size_in_mm',
  'linear_metres',
  'square_metres',
  'cubic_metres',
];

/** Largest signature image accepted, as a data URL (characters). */
export const SIGNATURE_DATA_URL_MAX = 700_000;

// Photos -------------------------------------------------------------------------------------

/** A stored file as answered: signed, expiring addresses of the original and its thumbnail. */
export const jobSheetPhotoFileSchema = z
  .object({
    name: z.string().nullable(),
    content_type: z.string().nullable(),
    size: z.number().int().nullable(),
    url: z.string(),
    thumbnail_url: z.string().nullable(),
    /** The file as uploaded (url is the upright display copy when one was made). */
    original_url: z.string(),
  })
  .meta({ id: 'JobSheetPhotoFile' });

/** A photo's place: degrees (WGS 84) and the phone's accuracy in metres. */
export const photoLocationSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    accuracy: z.number().nullable(),
  })
  .meta({ id: 'PhotoLocation' });
export type PhotoLocation = z.infer<typeof photoLocationSchema>;
/** The longest photo caption. */
export const PHOTO_CAPTION_MAX = 500;

export const jobSheetPhotoSchema = recordSchema
  .extend({
    job_sheet_id: idSchema,
    job_sheet_field_value_id: idSchema,
    order: z.number().int(),
    capture_method: z.enum(JOB_SHEET_PHOTO_CAPTURE_METHODS),
    status: z.enum(JOB_SHEET_PHOTO_STATUSES),
    error: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    c_hash: z.string().nullable(),
    /** 64-bit perceptual hash as 16 hex digits. */
    p_hash: z.string().nullable(),
    file: jobSheetPhotoFileSchema.nullable(),
    /** What the photo shows, in the operative's words. */
    caption: z.string().nullable(),
    /** When the photo was taken, as the phone said at upload. */
    taken_at: timestampSchema.nullable(),
    /** Where the phone was when the photo was taken, when it granted its location. */
    location: photoLocationSchema.nullable(),
    /** Arrows, circles and text drawn on a copy of the photo (the original stays as it was). */
    markup: photoMarkupSchema.nullable(),
  })
  .meta({ id: 'JobSheetPhoto' });
export type JobSheetPhoto = z.infer<typeof jobSheetPhotoSchema>;

/** One photo of this sheet found again on another sheet of the organisation. */
export const jobSheetDuplicatePhotoSchema = z
  .object({
    photo_id: idSchema,
    duplicate_photo_id: idSchema,
    duplicate_job_sheet_id: idSchema,
    duplicate_job_sheet_number: z.number().int().nullable(),
    kind: z.enum(['EXACT', 'NEAR']),
    distance: z.number().int(),
  })
  .meta({ id: 'JobSheetDuplicatePhoto' });
export type JobSheetDuplicatePhoto = z.infer<typeof jobSheetDuplicatePhotoSchema>;

// Field values -------------------------------------------------------------------------------

/** A signature as stored: who signed, the pad's size, the image (a stored file), when. */
export const signatureValueSchema = z
  .object({
    name: z.string().nullable(),
    width: z.number().int(),
    height: z.number().int(),
    /** The id of the stored signature image. */
    signature: idSchema,
    /** A signed, expiring address of the image. */
    url: z.string(),
    timestamp: timestampSchema,
  })
  .meta({ id: 'SignatureValue' });
export type SignatureValue = z.infer<typeof signatureValueSchema>;

/**
 * A signature as sent: `signature` is a PNG or JPEG data URL (a new signature), or the id of the
 * stored image (the signature unchanged).
 */
export const signatureValueInputSchema = z
  .object({
    name: z.string().trim().max(255).nullish(),
    width: z.number().int().min(1).max(10_000),
    height: z.number().int().min(1).max(10_000),
    signature: z.string().min(1).max(SIGNATURE_DATA_URL_MAX),
    timestamp: z.iso.datetime({ offset: true }).nullish(),
  })
  .meta({ id: 'SignatureValueInput' });
export type SignatureValueInput = z.infer<typeof signatureValueInputSchema>;

/** One row of a table answer: column id → the cell (text, number, date, time, yes/no, option id). */
export const tableCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const tableRowSchema = z.record(z.string(), tableCellSchema).meta({ id: 'TableRow' });
export type TableRow = z.infer<typeof tableRowSchema>;

/**
 * A sheet's pass / fail / N/A score: a pass scores its field's points, a fail none; N/A and
 * unanswered fields (and fields their condition hides) are left out of `max_points`.
 */
export const jobSheetScoreSchema = z
  .object({
    passed: z.number().int(),
    failed: z.number().int(),
    not_applicable: z.number().int(),
    unanswered: z.number().int(),
    points: z.number().int(),
    max_points: z.number().int(),
    /** points / max_points as a whole percentage; null when nothing counts yet. */
    percent: z.number().int().nullable(),
  })
  .meta({ id: 'JobSheetScore' });
export type JobSheetScore = z.infer<typeof jobSheetScoreSchema>;

/**
 * A sheet's pass / fail / N/A total in words, as the sheet page and the reports print it:
 * "3 of 5 points (60%) · 2 passed, 1 failed, 1 N/A" (`separator` between the two halves).
 */
export function scoreText(score: JobSheetScore, separator = ' · '): string {
  const parts = [
    `${score.passed} passed`,
    `${score.failed} failed`,
    ...(score.not_applicable ? [`${score.not_applicable} N/A`] : []),
    ...(score.unanswered ? [`${score.unanswered} not answered`] : []),
  ];
  const points = `${score.points} of ${score.max_points} point${score.max_points === 1 ? '' : 's'}`;
  const percent = score.percent === null ? '' : ` (${score.percent}%)`;
  return `${points}${percent}${separator}${parts.join(', ')}`;
}

/** The field's condition, and whether the sheet's answers show the field now. */
export const valueConditionalSchema = z
  .object({ field_id: idSchema, value: conditionalValueSchema, shown: z.boolean() })
  .meta({ id: 'JobSheetValueConditional' });

export const jobSheetFieldValueSchema = recordSchema
  .extend({
    job_sheet_id: idSchema,
    form_field_id: idSchema,
    form_section_id: idSchema.nullable(),
    section_name: z.string().nullable(),
    name: z.string(),
    type: z.enum(FORM_FIELD_TYPES),
    order: z.number().int(),
    ...typedValueFields,
    value_signature: signatureValueSchema.nullable(),
    value_conditional: valueConditionalSchema.nullable(),
    /** A table's rows: each a cell per column id (docs/form-field-types.md); null for the others. */
    value_rows: z.array(tableRowSchema).nullable(),
    /** A pass / fail / N/A field's points for a pass, as the form had it when the sheet began. */
    score: z.number().int().nullable(),
    /** A photo field's photos, in order. */
    photos: z.array(jobSheetPhotoSchema),
  })
  .meta({ id: 'JobSheetFieldValue' });
export type JobSheetFieldValue = z.infer<typeof jobSheetFieldValueSchema>;

/**
 * One answer as sent, naming its form field; the value_* that the field's type uses (text:
 * value_string, number: value_number, date: value_date, single choice: value_option, multiple
 * choice: value_options, yes/no: value_boolean, signature: value_signature, time: value_string
 * as HH:MM, pass / fail / N/A: value_option as PASS, FAIL or N_A, table: value_rows); null
 * clears it. Instruction text takes no answer.
 * Photos are uploaded on their own (POST /job_sheet_photos).
 */
export const jobSheetFieldValueInputSchema = z
  .object({
    form_field_id: idSchema,
    value_string: z
      .string()
      .max(TEXT_ANSWER_MAX, `At most ${TEXT_ANSWER_MAX.toLocaleString('en-GB')} characters`)
      .nullish(),
    value_number: z.number().nullish(),
    value_boolean: z.boolean().nullish(),
    value_date: z.string().max(64).nullish(),
    value_option: z.string().max(64).nullish(),
    value_options: z.array(z.string().max(64)).max(500).nullish(),
    value_signature: signatureValueInputSchema.nullish(),
    value_rows: z
      .array(tableRowSchema)
      .max(TABLE_ROWS_MAX, `At most ${TABLE_ROWS_MAX} rows`)
      .nullish(),
  })
  .meta({ id: 'JobSheetFieldValueInput' });
export type JobSheetFieldValueInput = z.infer<typeof jobSheetFieldValueInputSchema>;

// Materials ----------------------------------------------------------------------------------

const measure = z
  .number('Must be a number')
  .min(0, 'Must be 0 or more')
  .max(1_000_000_000, 'At most 1,000,000,000')
  .nullish();
const materialMeasures = {
  quantity: measure,
  width_in_mm: measure,
  height_in_mm: measure,
  length_in_mm: measure,
  diameter_in_mm: measure,
  joint_size_in_mm: measure,
  linear_metres: measure,
  square_metres: measure,
  cubic_metres: measure,
};

/** One rate group's price of a job sheet material (its `rates`), as last worked out. */
export const materialPriceSchema = z
  .object({
    material_rate_group_id: idSchema,
    material_rate_group_name: z.string(),
    material_rate_set_id: idSchema.nullable(),
    material_rate_set_name: z.string().nullable(),
    use_custom: z.boolean(),
    /** The measure the tier was chosen by (in the type's for_up_to_unit). */
    tier_measure: z.number(),
    /** The measure charged (in the type's min_measure_unit), after the minimum. */
    measure: z.number(),
    for_up_to: z.number().nullable().describe('The tier used; null above every tier'),
    rate: z.number().int(),
    fixed_amount: z.number().int(),
    price: z.number().int().describe('Minor units'),
  })
  .meta({ id: 'MaterialPrice' });
export type MaterialPrice = z.infer<typeof materialPriceSchema>;

/** A job sheet's (or a summary line's) total per rate group. */
export const rateTotalSchema = z
  .object({
    material_rate_group_id: idSchema,
    material_rate_group_name: z.string(),
    price: z.number().int().describe('Minor units'),
  })
  .meta({ id: 'RateTotal' });
export type RateTotal = z.infer<typeof rateTotalSchema>;

/** A sheet material's input type, quantity and dimensions as answered (null when not given). */
const materialMeasureFields = {
  material_input_type_key: z.enum(MATERIAL_INPUT_TYPE_KEYS),
  quantity: z.number().nullable(),
  width_in_mm: z.number().nullable(),
  height_in_mm: z.number().nullable(),
  length_in_mm: z.number().nullable(),
  diameter_in_mm: z.number().nullable(),
  joint_size_in_mm: z.number().nullable(),
  linear_metres: z.number().nullable(),
  square_metres: z.number().nullable(),
  cubic_metres: z.number().nullable(),
};

export const jobSheetMaterialSchema = recordSchema
  .extend({
    job_sheet_id: idSchema,
    material_id: idSchema.nullable(),
    material_name: z.string(),
    ...materialMeasureFields,
    /** Its price in each rate group, as last worked out (docs/pricing.md). */
    rates: z.array(materialPriceSchema),
    price: z
      .number()
      .int()
      .nullable()
      .describe('Minor units: its price in the first rate group; null when no rate set prices it'),
    order: z.number().int(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'JobSheetMaterial' });
export type JobSheetMaterial = z.infer<typeof jobSheetMaterialSchema>;

/**
 * One line of GET /jobs/{id}/material_summary: a material's uses on the job's sheets (cancelled
 * sheets left out) per input type, each measure summed (null when no use gives it). Prices
 * are summed per rate group from the prices last worked out.
 */
export const jobMaterialSummarySchema = z
  .object({
    material_id: idSchema.nullable(),
    material_name: z.string(),
    /** How many sheet materials the line sums. */
    count: z.number().int(),
    ...materialMeasureFields,
    /** The charged measures summed (each in its input type's unit). */
    measure: z.number(),
    /** The prices summed per rate group. */
    rates: z.array(rateTotalSchema),
    price: z.number().int().nullable().describe("Minor units: the first rate group's total"),
  })
  .meta({ id: 'JobMaterialSummary' });
export type JobMaterialSummary = z.infer<typeof jobMaterialSummarySchema>;

export const jobSheetMaterialCreateSchema = z
  .object({
    job_sheet_id: idSchema,
    material_id: idSchema.nullish(),
    /** Required unless material_id names a material (whose name is then taken). */
    material_name: z.string().trim().min(1).max(255).nullish(),
    material_input_type_key: z
      .enum(MATERIAL_INPUT_TYPE_KEYS)
      .optional()
      .describe('Taken from the material when material_id is given; required otherwise'),
    ...materialMeasures,
  })
  .meta({ id: 'JobSheetMaterialCreate' });
export const jobSheetMaterialUpdateSchema = jobSheetMaterialCreateSchema
  .omit({ job_sheet_id: true })
  .partial()
  .meta({ id: 'JobSheetMaterialUpdate' });

// Approvals ----------------------------------------------------------------------------------

/** One entry of a sheet's decision trail (field-work §3 Approval decision). */
export const approvalDecisionSchema = recordSchema
  .extend({
    job_sheet_id: idSchema,
    approval_stage_id: idSchema.nullable(),
    approval_stage_name: z.string().nullable(),
    approval_batch: z.number().int(),
    user_id: idSchema.nullable(),
    user_name: z.string(),
    decision: z.enum(APPROVAL_DECISIONS),
    comments: z.string().nullable(),
    declaration_accepted_at: timestampSchema.nullable(),
    undone_at: timestampSchema.nullable(),
  })
  .meta({ id: 'ApprovalDecision' });
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

export const currentApprovalStageSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    order: z.number().int(),
    declaration: z.string().nullable(),
    user_ids: z.array(idSchema),
  })
  .meta({ id: 'CurrentApprovalStage' });

const comments = z.string().trim().max(5000).nullish();

/**
 * Approve at the sheet's current stage. `declaration_accepted` must be true when the stage has a
 * declaration; `approval_stage_id`, when sent, must be the current stage (else 409: someone
 * decided meanwhile).
 */
export const jobSheetApproveSchema = z
  .object({
    comments,
    declaration_accepted: z.boolean().optional(),
    approval_stage_id: idSchema.nullish(),
  })
  .meta({ id: 'JobSheetApprove' });
export const jobSheetRejectSchema = z
  .object({
    comments: z.string().trim().min(1, 'Say why the sheet is rejected.').max(5000),
    approval_stage_id: idSchema.nullish(),
  })
  .meta({ id: 'JobSheetReject' });
export const jobSheetUpdateRejectionSchema = z
  .object({ comments: z.string().trim().min(1, 'Say why the sheet is rejected.').max(5000) })
  .meta({ id: 'JobSheetUpdateRejection' });

export const jobSheetApproveManySchema = z
  .object({
    jobSheetApprovals: z
      .array(jobSheetApproveSchema.extend({ id: idSchema }))
      .min(1)
      .max(1000),
  })
  .meta({ id: 'JobSheetApproveMany' });
export const jobSheetRejectManySchema = z
  .object({
    jobSheetRejections: z
      .array(jobSheetRejectSchema.extend({ id: idSchema }))
      .min(1)
      .max(1000),
  })
  .meta({ id: 'JobSheetRejectMany' });
export const jobSheetApproveManyResultSchema = z
  .object({ approved: z.array(idSchema), failed: z.array(bulkFailureSchema) })
  .meta({ id: 'JobSheetApproveManyResult' });
export const jobSheetRejectManyResultSchema = z
  .object({ rejected: z.array(idSchema), failed: z.array(bulkFailureSchema) })
  .meta({ id: 'JobSheetRejectManyResult' });

// The job sheet --------------------------------------------------------------------------------

export const jobSheetSchema = recordSchema
  .extend({
    number: z.number().int(),
    seq_number: z.number().int(),
    job_id: idSchema,
    job_number: z.number().int(),
    client_id: idSchema.nullable(),
    project_id: idSchema,
    site_id: idSchema.nullable(),
    operative_id: idSchema.nullable(),
    operative_name: z.string().nullable(),
    form_id: idSchema,
    form_name: z.string(),
    /** The project's copy of the form whose fields the sheet fills in (null: the library form). */
    project_form_id: idSchema.nullable(),
    location_id: idSchema.nullable(),
    location_number: z.number().int().nullable(),
    /** The location status this sheet last applied (form automation or update-and-submit). */
    location_status_id: idSchema.nullable(),
    status: z.enum(JOB_SHEET_STATUSES),
    operative_declaration_accepted_at: timestampSchema.nullable(),
    cancelled_at: timestampSchema.nullable(),
    submitted_at: timestampSchema.nullable(),
    approved_at: timestampSchema.nullable(),
    rejected_at: timestampSchema.nullable(),
    /** Whether this sheet walks approval stages (organisation feature and the form's setting). */
    approval_required: z.boolean(),
    current_approval_stage_id: idSchema.nullable(),
    current_approval_stage: currentApprovalStageSchema.nullable(),
    approval_batch: z.number().int(),
    approvals: z.array(approvalDecisionSchema),
    /** Its materials' prices summed per rate group. */
    rates: z.array(rateTotalSchema),
    /** How many photos the sheet has (summable: /job_sheets/experimental/sum?sum=photo_count). */
    photo_count: z.number().int(),
    field_values: z.array(jobSheetFieldValueSchema),
    /** The pass / fail / N/A total; null when the form has no such field. */
    score: jobSheetScoreSchema.nullable(),
    photos: z.array(jobSheetPhotoSchema),
    materials: z.array(jobSheetMaterialSchema.omit({ permissions: true })),
    duplicate_photos: z.array(jobSheetDuplicatePhotoSchema),
    permissions: recordPermissionsSchema.optional(),
    job: jobSchema.optional(),
    /**
     * expand[]=form: the form the sheet fills in, its sections and fields those the sheet's
     * answers belong to (the project's copy when it has one), its settings the library form's.
     */
    form: formRecordSchema.optional(),
  })
  .meta({ id: 'JobSheet' });
export type JobSheet = z.infer<typeof jobSheetSchema>;

export const jobSheetCreateSchema = z
  .object({
    job_id: idSchema,
    /** One of the job's forms (a library form id, as in the job's form_ids). */
    form_id: idSchema,
    /** Defaults to the job's operative, or the caller when they are an operative. */
    operative_id: idSchema.nullish(),
    location_id: idSchema.nullish(),
    location_number: z.number().int().min(1).nullish(),
    field_values: z.array(jobSheetFieldValueInputSchema).max(1000).optional(),
  })
  .meta({ id: 'JobSheetCreate' });
export type JobSheetCreate = z.infer<typeof jobSheetCreateSchema>;

export const jobSheetUpdateSchema = z
  .object({
    operative_id: idSchema.nullish(),
    location_id: idSchema.nullish(),
    location_number: z.number().int().min(1).nullish(),
    field_values: z.array(jobSheetFieldValueInputSchema).max(1000).optional(),
    /** true records the operative's acceptance of the form's declaration (now); false clears it. */
    operative_declaration_accepted: z.boolean().optional(),
  })
  .meta({ id: 'JobSheetUpdate' });
export type JobSheetUpdate = z.infer<typeof jobSheetUpdateSchema>;

export const jobSheetSubmitSchema = z
  .object({ operative_declaration_accepted: z.boolean().optional() })
  .meta({ id: 'JobSheetSubmit' });

/** The new flow: save the answers and submit in one call, choosing the location's new status. */
export const jobSheetUpdateAndSubmitSchema = jobSheetUpdateSchema
  .extend({ location_status_id: idSchema.nullish() })
  .meta({ id: 'JobSheetUpdateAndSubmit' });
export type JobSheetUpdateAndSubmit = z.infer<typeof jobSheetUpdateAndSubmitSchema>;

// Validation -----------------------------------------------------------------------------------

/** What is missing or wrong on one sheet, per field (`field_values.{form_field_id}`). */
export const jobSheetValidationSchema = z
  .object({
    id: idSchema,
    valid: z.boolean(),
    errors: z.array(
      z.object({
        field: z.string(),
        form_field_id: idSchema.nullable(),
        message: z.string(),
        code: z.string(),
      }),
    ),
  })
  .meta({ id: 'JobSheetValidation' });
export type JobSheetValidation = z.infer<typeof jobSheetValidationSchema>;
export const jobSheetValidationsSchema = z
  .object({ data: z.array(jobSheetValidationSchema), failed: z.array(bulkFailureSchema) })
  .meta({ id: 'JobSheetValidations' });
/** POST /job_sheets/validate_all_for_job: the job whose sheets are validated. */
export const jobSheetValidateAllForJobSchema = z
  .object({ job_id: idSchema })
  .meta({ id: 'JobSheetValidateAllForJob' });

// Inbox ----------------------------------------------------------------------------------------

const inboxSection = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), data: z.array(item) });

/** GET /inbox: what waits for the signed-in member (at most `page[size]` items each). */
export const inboxSchema = z
  .object({
    /** Submitted sheets waiting at a stage the caller can approve. */
    awaiting_approval: inboxSection(jobSheetSchema),
    /** The caller's own rejected sheets, to fix and resubmit. */
    rejected: inboxSection(jobSheetSchema),
    /** The caller's jobs dated today that are not finished. */
    jobs_due_today: inboxSection(jobSchema),
    /** Published, enabled documents the caller is asked to sign and has not. */
    outstanding_documents: inboxSection(signedDocumentSchema),
    /** Everything that waits: the sum of the sections' counts (the navigation's badge). */
    meta: z.object({ total: z.number().int() }),
  })
  .meta({ id: 'Inbox' });
export type Inbox = z.infer<typeof inboxSchema>;
export const INBOX_SECTION_LIMIT = 50;

/**
 * GET /inbox?page[size]=n: at most n items per section (default and most INBOX_SECTION_LIMIT);
 * 0 answers the counts alone, each a SQL count, for a badge that must not load the inbox.
 */
export const inboxQuerySchema = z.object({
  'page[size]': z.coerce
    .number()
    .int()
    .min(0)
    .max(INBOX_SECTION_LIMIT)
    .default(INBOX_SECTION_LIMIT),
});

// The sheet's trail ----------------------------------------------------------------------------

export const SHEET_TRAIL_KINDS = [
  'STARTED',
  'SUBMITTED',
  'RESUBMITTED',
  'DECLARATION_ACCEPTED',
  'UNSUBMITTED',
  'APPROVED',
  'REJECTED',
  'DECISION_UNDONE',
  'CANCELLED',
] as const;

/** GET /job_sheets/{id}/trail: one moment of the sheet's story, with who and when. */
export const sheetTrailEventSchema = z
  .object({
    id: z.string(),
    kind: z.enum(SHEET_TRAIL_KINDS),
    at: timestampSchema,
    by_name: z.string().nullable(),
    /** The approval stage of a decision (or of the decision undone). */
    stage_name: z.string().nullable(),
    /** The approval round (1 for the first submission, +1 for each resubmission). */
    round: z.number().int().nullable(),
    comments: z.string().nullable(),
    /** A decision whose stage declaration the decider accepted. */
    declaration_accepted: z.boolean(),
  })
  .meta({ id: 'JobSheetTrailEvent' });
export type SheetTrailEvent = z.infer<typeof sheetTrailEventSchema>;

/** The project's rules the trail is read against. */
export const sheetTrailRulesSchema = z
  .object({
    /** Whether one person may decide two stages of the sheet in one round (a project setting). */
    same_approver_allowed: z.boolean(),
  })
  .meta({ id: 'JobSheetTrailRules' });
export type SheetTrailRules = z.infer<typeof sheetTrailRulesSchema>;
