import { z } from 'zod';
import { MATERIAL_INPUT_TYPE_KEYS } from './material-keys';
import { idSchema, optionalText, recordSchema, requiredName, timestampSchema } from './common';
import { recordPermissionsSchema } from './common';

/** Projects, project templates and their configuration lists (field-work §3 Projects). */

export const LOCATION_STATUS_TYPES = ['PENDING', 'ACTIVE', 'COMPLETED', 'CANCELLED'] as const;
export type LocationStatusType = (typeof LOCATION_STATUS_TYPES)[number];

export const LOCATION_STATUS_COLORS = [
  'grey',
  'purple',
  'teal',
  'mint',
  'green',
  'lime',
  'gold',
  'orange',
  'brown',
  'taupe',
  'red',
  'pink',
] as const;
export type LocationStatusColor = (typeof LOCATION_STATUS_COLORS)[number];

export const LOCATION_STATUS_ICONS = [
  'pie-1',
  'pie-3',
  'pie-4',
  'pie-6',
  'pie-8',
  'pie-9',
  'pie-11',
  'pie-full',
  'pie-empty',
  'pie-dashed',
  'pointer-up',
  'pointer-down',
  'pointer-left',
  'pointer-right',
  'arrow-up',
  'arrow-down',
  'arrow-left',
  'arrow-right',
  'plus',
  'tick',
  'cross',
  'dash',
  'alert',
  'donut',
  'star',
  'alarm',
  'power',
  'status',
] as const;
export type LocationStatusIcon = (typeof LOCATION_STATUS_ICONS)[number];

/** Attribute types; each keeps its value in the matching value_* column of an attribute value. */
export const ATTRIBUTE_TYPES = [
  'TEXT',
  'NUMBER',
  'BOOLEAN',
  'DATE',
  'SELECT',
  'MULTI_SELECT',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const ITEM_MODES = ['BOTH', 'LOCATIONS', 'SPECIFICATIONS'] as const;
export const PDF_REPORT_VISIBILITIES = ['NEVER', 'ALWAYS', 'WHEN_SET'] as const;
export const FORM_LOCATION_SECTIONS = ['NONE', 'ALL_OPTIONAL', 'ALL_REQUIRED', 'CUSTOM'] as const;

const order = z.number().int();
const flag = z.boolean();

// Attribute definitions ------------------------------------------------------------------------

export const attributeOptionSchema = z
  .object({ id: idSchema, name: z.string(), archived_at: timestampSchema.nullable() })
  .meta({ id: 'AttributeOption' });
export type AttributeOption = z.infer<typeof attributeOptionSchema>;

/**
 * Options in a write: an existing option keeps its id; one without an id is new. Options left out
 * of an update are archived, not removed, so values that chose them still read.
 */
export const attributeOptionInputSchema = z.object({
  id: idSchema.optional(),
  name: requiredName,
  archived: z.boolean().optional(),
});

const attributeDefinitionFields = {
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  order,
  large_text: flag,
  precision: z.number().int().nullable(),
  options: z.array(attributeOptionSchema),
};
const ownerFields = { project_id: idSchema.nullable(), project_template_id: idSchema.nullable() };

export const jobAttributeSchema = recordSchema
  .extend({
    ...ownerFields,
    ...attributeDefinitionFields,
    capture_time: flag,
    default_to_now: flag,
  })
  .meta({ id: 'JobAttribute' });
export const locationAttributeSchema = recordSchema
  .extend({
    ...ownerFields,
    ...attributeDefinitionFields,
    pdf_report_overview_visibility: z.enum(PDF_REPORT_VISIBILITIES),
  })
  .meta({ id: 'LocationAttribute' });
export const specificationAttributeSchema = recordSchema
  .extend({ ...ownerFields, ...attributeDefinitionFields })
  .meta({ id: 'SpecificationAttribute' });
export type JobAttribute = z.infer<typeof jobAttributeSchema>;
export type LocationAttribute = z.infer<typeof locationAttributeSchema>;
export type SpecificationAttribute = z.infer<typeof specificationAttributeSchema>;

const attributeWriteFields = {
  name: requiredName,
  type: z.enum(ATTRIBUTE_TYPES).optional().describe('TEXT when not given'),
  large_text: flag.optional(),
  precision: z.number().int().min(0).max(10).nullish(),
  options: z.array(attributeOptionInputSchema).max(500).optional(),
};
export const jobAttributeCreateSchema = z
  .object({
    ...attributeWriteFields,
    capture_time: flag.optional(),
    default_to_now: flag.optional(),
  })
  .meta({ id: 'JobAttributeCreate' });
export const locationAttributeCreateSchema = z
  .object({
    ...attributeWriteFields,
    pdf_report_overview_visibility: z.enum(PDF_REPORT_VISIBILITIES).optional(),
  })
  .meta({ id: 'LocationAttributeCreate' });
export const specificationAttributeCreateSchema = z
  .object(attributeWriteFields)
  .meta({ id: 'SpecificationAttributeCreate' });

// Location statuses ----------------------------------------------------------------------------

export const locationStatusSchema = recordSchema
  .extend({
    ...ownerFields,
    name: z.string(),
    type: z.enum(LOCATION_STATUS_TYPES),
    order,
    icon: z.enum(LOCATION_STATUS_ICONS),
    color: z.enum(LOCATION_STATUS_COLORS),
    include_in_todo: flag,
  })
  .meta({ id: 'LocationStatus' });
export type LocationStatus = z.infer<typeof locationStatusSchema>;
export const locationStatusCreateSchema = z
  .object({
    name: requiredName,
    type: z.enum(LOCATION_STATUS_TYPES),
    icon: z.enum(LOCATION_STATUS_ICONS).optional().describe('status when not given'),
    color: z.enum(LOCATION_STATUS_COLORS).optional().describe('grey when not given'),
    include_in_todo: flag.optional(),
  })
  .meta({ id: 'LocationStatusCreate' });
/** DELETE of a location status names where its locations go (query or body). */
export const locationStatusDeleteSchema = z.object({ replacementLocationStatusId: idSchema });

// Approvals and folders ------------------------------------------------------------------------

export const approvalStageSchema = recordSchema
  .extend({
    ...ownerFields,
    name: z.string(),
    declaration: z.string().nullable(),
    user_ids: z.array(idSchema),
    order,
  })
  .meta({ id: 'ApprovalStage' });
export type ApprovalStage = z.infer<typeof approvalStageSchema>;
export const approvalStageCreateSchema = z
  .object({
    name: requiredName,
    declaration: optionalText(5000),
    user_ids: z.array(idSchema).max(500).optional(),
  })
  .meta({ id: 'ApprovalStageCreate' });

export const documentFolderSchema = recordSchema
  .extend({ ...ownerFields, name: z.string(), private: flag, order })
  .meta({ id: 'DocumentFolder' });
export type DocumentFolder = z.infer<typeof documentFolderSchema>;
export const documentFolderCreateSchema = z
  .object({ name: requiredName, private: flag.optional() })
  .meta({ id: 'DocumentFolderCreate' });

export const signedDocumentFolderSchema = recordSchema
  .extend({ ...ownerFields, name: z.string(), order })
  .meta({ id: 'SignedDocumentFolder' });
export type SignedDocumentFolder = z.infer<typeof signedDocumentFolderSchema>;
export const signedDocumentFolderCreateSchema = z
  .object({ name: requiredName })
  .meta({ id: 'SignedDocumentFolderCreate' });

// Materials, rate sets and forms of a project ----------------------------------------------------

export const projectMaterialSchema = recordSchema
  .extend({
    ...ownerFields,
    material_id: idSchema,
    material_name: z.string(),
    /** The material's input type: how a job sheet measures it. */
    input_type_key: z.enum(MATERIAL_INPUT_TYPE_KEYS),
    /**
     * Per rate group (in order): the rate set that prices this material here (the project's or
     * template's default in that group, else the group's own default; null when none) and
     * whether the material has its own custom prices in it.
     */
    rate_groups: z.array(
      z.object({
        material_rate_group_id: idSchema,
        name: z.string(),
        material_rate_set_id: idSchema.nullable(),
        material_rate_set_name: z.string().nullable(),
        use_custom: z.boolean(),
      }),
    ),
    order,
  })
  .meta({ id: 'ProjectMaterial' });
export type ProjectMaterial = z.infer<typeof projectMaterialSchema>;
export const projectMaterialCreateSchema = z
  .object({ material_id: idSchema })
  .meta({ id: 'ProjectMaterialCreate' });
/** PUT .../materials: every material of the organisation, or exactly the ones named. */
export const projectMaterialsSetSchema = z
  .object({
    add_all_materials: z.boolean().optional(),
    materialIds: z.array(idSchema).max(5000).optional(),
  })
  .refine((body) => body.add_all_materials || body.materialIds, {
    message: 'Send add_all_materials: true or materialIds',
    path: ['materialIds'],
  });

export const locationStatusAutomationSchema = z
  .object({
    on_create_job_sheet: idSchema.nullable().default(null),
    on_submit_job_sheet: idSchema.nullable().default(null),
    on_approve_job_sheet: idSchema.nullable().default(null),
    on_reject_job_sheet: idSchema.nullable().default(null),
  })
  .meta({ id: 'LocationStatusAutomation' });
export type LocationStatusAutomation = z.infer<typeof locationStatusAutomationSchema>;

/** One location attribute of a CUSTOM location section, and whether the job sheet requires it. */
export const locationAttributeCustomConfigSchema = z.object({
  location_attribute_id: idSchema,
  required: flag,
});

export const projectFormSchema = recordSchema
  .extend({
    ...ownerFields,
    form_id: idSchema,
    name: z.string(),
    confirm_location_status_on_submit: flag,
    location_section: z.enum(FORM_LOCATION_SECTIONS),
    location_attributes_custom_config: z.array(locationAttributeCustomConfigSchema),
    location_status_automation: locationStatusAutomationSchema,
    sections: z
      .array(z.looseObject({ id: idSchema, name: z.string() }))
      .describe('The library form’s sections and fields as of the last sync (FormSection)'),
    order,
    synced_at: timestampSchema,
  })
  .meta({ id: 'ProjectForm' });
export type ProjectForm = z.infer<typeof projectFormSchema>;
export const projectFormCreateSchema = z
  .object({
    form_id: idSchema,
    confirm_location_status_on_submit: flag.optional(),
    location_section: z.enum(FORM_LOCATION_SECTIONS).optional(),
    location_attributes_custom_config: z
      .array(locationAttributeCustomConfigSchema)
      .max(500)
      .optional()
      .describe(
        'The location attributes of a CUSTOM location_section (attributes of this project)',
      ),
    location_status_automation: locationStatusAutomationSchema.partial().optional(),
  })
  .meta({ id: 'ProjectFormCreate' });
export const projectFormUpdateSchema = projectFormCreateSchema
  .omit({ form_id: true })
  .meta({ id: 'ProjectFormUpdate' });
/** POST .../forms/sync: optionally make the list exactly form_ids, then refresh every copy. */
export const projectFormsSyncSchema = z
  .object({ form_ids: z.array(idSchema).max(500).optional() })
  .optional();

export const namedRefSchema = z.object({ id: idSchema, name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

// Projects -------------------------------------------------------------------------------------

const projectSettingsFields = {
  item_mode: z.enum(ITEM_MODES),
  multi_site: flag,
  enable_bulk_approval_actions: flag,
  approvals_enabled: flag,
  approvals_show_on_report: flag,
  duplicate_photo_detection: flag,
  duplicate_photo_detection_prevent_approvals: flag,
  location_reference_enabled: flag,
  location_reference_label: z.string().nullable(),
  default_rate_sets: z.array(namedRefSchema),
};

export const projectSchema = recordSchema
  .extend({
    client_id: idSchema.nullable(),
    client_name: z.string().nullable(),
    owner_id: idSchema.nullable(),
    owner_name: z.string().nullable(),
    name: z.string(),
    reference: z.string().nullable(),
    package: z.string().nullable(),
    developer: z.string().nullable(),
    site_address: z.string().nullable(),
    site_id: idSchema.nullable(),
    has_drawings: flag,
    ...projectSettingsFields,
    /** Whether one person may decide two approval stages of a sheet in one round. */
    approvals_same_approver_allowed: flag,
    archived: flag,
    deleted: flag,
    archived_at: timestampSchema.nullable(),
    deleted_at: timestampSchema.nullable(),
    metrics: z.object({
      member_count: z.number().int(),
      guest_count: z.number().int(),
      block_count: z.number().int(),
    }),
    location_count: z
      .number()
      .int()
      .optional()
      .describe('The project’s locations (always answered; optional for older clients’ fixtures)'),
    files: z.object({ report_cover_image: z.string().nullable() }),
    project_template_id: idSchema.nullable(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

const projectSettingsWriteFields = {
  item_mode: z.enum(ITEM_MODES).optional(),
  multi_site: flag.optional(),
  enable_bulk_approval_actions: flag.optional(),
  approvals_enabled: flag.optional(),
  approvals_show_on_report: flag.optional(),
  duplicate_photo_detection: flag.optional(),
  duplicate_photo_detection_prevent_approvals: flag.optional(),
  location_reference_enabled: flag.optional(),
  location_reference_label: optionalText(100),
  default_rate_set_ids: z.array(idSchema).max(100).optional(),
};

const projectWriteFields = {
  name: requiredName,
  client_id: idSchema.nullish(),
  owner_id: idSchema.nullish(),
  reference: optionalText(255),
  package: optionalText(255),
  developer: optionalText(255),
  site_address: optionalText(1000),
  site_id: idSchema.nullish(),
  ...projectSettingsWriteFields,
  approvals_same_approver_allowed: flag.optional(),
};

/**
 * POST /projects. Blank by default (with the standard location statuses); or configured from a
 * project template, a library project template or an existing project (one source at most).
 */
export const projectCreateSchema = z
  .object({
    ...projectWriteFields,
    project_template_id: idSchema.optional(),
    library_project_template_id: idSchema.optional(),
    from_project_id: idSchema.optional(),
  })
  .meta({ id: 'ProjectCreate' });
export type ProjectCreate = z.input<typeof projectCreateSchema>;
export const projectUpdateSchema = z
  .object(projectWriteFields)
  .partial()
  .meta({ id: 'ProjectUpdate' });
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

/** POST /projects/{id}/duplicate: the copy's name and client may differ from the original's. */
/** POST /project_templates/{id}/duplicate: the copy's name (default "… (copy)"). */
export const projectTemplateDuplicateSchema = z.object({ name: requiredName.optional() });

export const projectDuplicateSchema = z
  .object({ name: requiredName.optional(), client_id: idSchema.nullish() })
  .optional();

export const projectMemberSchema = z
  .object({
    user_id: idSchema,
    name: z.string(),
    email: z.string(),
    role: z.string(),
    guest: flag,
    can_start_jobs: flag,
    can_edit: flag,
    created_at: timestampSchema,
  })
  .meta({ id: 'ProjectMember' });
export type ProjectMember = z.infer<typeof projectMemberSchema>;
export const projectMemberAddSchema = z
  .object({
    user_ids: z.array(idSchema).min(1).max(1000),
    can_start_jobs: flag.optional(),
    can_edit: flag.optional(),
  })
  .meta({ id: 'ProjectMembersAdd' });
export const projectMemberPermissionsSchema = z
  .object({ can_start_jobs: flag.optional(), can_edit: flag.optional() })
  .meta({ id: 'ProjectMemberPermissions' });

// Project templates ----------------------------------------------------------------------------

export const projectTemplateSchema = recordSchema
  .extend({
    name: z.string(),
    description: z.string().nullable(),
    ...projectSettingsFields,
    archived_at: timestampSchema.nullable(),
    project_count: z.number().int(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'ProjectTemplate' });
export type ProjectTemplate = z.infer<typeof projectTemplateSchema>;
export const projectTemplateCreateSchema = z
  .object({
    name: requiredName,
    description: optionalText(2000),
    ...projectSettingsWriteFields,
    from_project_id: idSchema.optional(),
    library_project_template_id: idSchema.optional(),
  })
  .meta({ id: 'ProjectTemplateCreate' });
export const projectTemplateUpdateSchema = z
  .object({ name: requiredName, description: optionalText(2000), ...projectSettingsWriteFields })
  .partial()
  .meta({ id: 'ProjectTemplateUpdate' });

export const libraryProjectTemplateSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    forms: z.array(z.object({ name: z.string() })),
    location_statuses: z.array(
      z.object({
        name: z.string(),
        type: z.enum(LOCATION_STATUS_TYPES),
        icon: z.enum(LOCATION_STATUS_ICONS),
        color: z.enum(LOCATION_STATUS_COLORS),
      }),
    ),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'LibraryProjectTemplate' });
export type LibraryProjectTemplate = z.infer<typeof libraryProjectTemplateSchema>;

// Search ---------------------------------------------------------------------------------------

export const searchResultSchema = z
  .object({
    clients: z.array(
      z.object({ id: idSchema, name: z.string(), archived_at: z.string().nullable() }),
    ),
    projects: z.array(
      z.object({
        id: idSchema,
        name: z.string(),
        reference: z.string().nullable(),
        client_name: z.string().nullable(),
        archived_at: z.string().nullable(),
      }),
    ),
    jobs: z.array(z.object({ id: idSchema, name: z.string() })),
    jobSheets: z.array(z.object({ id: idSchema, name: z.string() })),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;

/** GET /projects/{id}/activity: one line of the project's recent activity. */
export const projectActivityEntrySchema = z
  .object({
    id: idSchema,
    collection_name: z.enum(['projects', 'jobs', 'job_sheets']),
    document_id: idSchema,
    /** The project's name, or the job's or sheet's number. */
    document_name: z.string().nullable(),
    action: z.string(),
    performed_at: timestampSchema,
    performed_by_name: z.string().nullable(),
  })
  .meta({ id: 'ProjectActivityEntry' });
export type ProjectActivityEntry = z.infer<typeof projectActivityEntrySchema>;
