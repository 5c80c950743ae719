import {
  approvalStageCreateSchema,
  approvalStageSchema,
  documentFolderCreateSchema,
  documentFolderSchema,
  jobAttributeCreateSchema,
  jobAttributeSchema,
  locationAttributeCreateSchema,
  locationAttributeSchema,
  locationStatusCreateSchema,
  locationStatusSchema,
  projectFormCreateSchema,
  projectFormSchema,
  projectFormUpdateSchema,
  projectMaterialCreateSchema,
  projectMaterialSchema,
  signedDocumentFolderCreateSchema,
  signedDocumentFolderSchema,
  specificationAttributeCreateSchema,
  specificationAttributeSchema,
} from '@fieldwork/contract';
import { z } from 'zod';
import { validationFailure } from '../../platform/errors';
import {
  defineResource,
  type ActionDeclaration,
  type Expansion,
  type FieldDeclaration,
  type ResourceDeclaration,
  type ResourceRules,
  type ResourceScope,
  type Verb,
} from '../../platform/resource-kit';
import { hasMany } from '../../platform/resource-kit';
import { formCopySections } from '../forms';
import { checkActiveMembers } from './checks';
import { formSyncAction } from './form-sync';
import { normaliseAttributeWrite } from './attribute-options';
import { checkedCustomConfig } from './form-location-attributes';
import { checkAutomation, normaliseAutomation } from './form-automation';

/** Which parent a configuration list hangs from: a project or a project template. */
export type OwnerColumn = 'project_id' | 'project_template_id';

export const OWNER_SCOPES: Record<OwnerColumn, ResourceScope> = {
  project_id: {
    column: 'project_id',
    param: 'projectId',
    path: 'projects',
    table: 'projects',
    label: 'Project',
    live: 'p.deleted_at IS NULL',
  },
  project_template_id: {
    column: 'project_template_id',
    param: 'projectTemplateId',
    path: 'project_templates',
    table: 'project_templates',
    label: 'Project template',
  },
};

const ownerFields: Record<string, FieldDeclaration> = {
  project_id: { type: 'id', filter: true },
  project_template_id: { type: 'id', filter: true },
};
/** Per rate group, the set in force for the owner (docs/pricing.md) and the material's entry. */
const PROJECT_MATERIAL_RATE_GROUPS = `(SELECT coalesce(jsonb_agg(jsonb_build_object(
      'material_rate_group_id', g.id, 'name', g.name, 'material_rate_set_id', s.id,
      'material_rate_set_name', s.name, 'use_custom', coalesce(e.use_custom, false))
      ORDER BY g."order", g.id), '[]')
    FROM material_rate_groups g
    LEFT JOIN LATERAL (
      SELECT r.id, r.name FROM rate_sets r
       WHERE r.organisation_id = g.organisation_id AND r.material_rate_group_id = g.id
         AND r.archived_at IS NULL
         AND (r.id = ANY(coalesce((SELECT p.default_rate_set_ids FROM projects p WHERE p.id = t.project_id),
                                  (SELECT pt.default_rate_set_ids FROM project_templates pt
                                    WHERE pt.id = t.project_template_id)))
              OR r.id = g.default_material_rate_set_id)
       ORDER BY r.id = g.default_material_rate_set_id, r.id LIMIT 1) s ON TRUE
    LEFT JOIN material_rate_entries e
      ON e.organisation_id = g.organisation_id AND e.material_id = t.material_id AND e.material_rate_set_id = s.id
   WHERE g.organisation_id = t.organisation_id)`;

const ordered: Record<string, FieldDeclaration> = { order: { type: 'integer', sort: true } };
const attributeFields: Record<string, FieldDeclaration> = {
  name: { type: 'text', filter: true, sort: true },
  type: { type: 'text', filter: true },
  ...ordered,
  large_text: { type: 'boolean' },
  precision: { type: 'integer' },
  options: { type: 'json' },
};
const LIST_VERBS: Verb[] = ['list', 'get', 'create', 'create_many', 'update', 'delete', 'reorder'];
const ACCESS = { read: 'OPERATIVE', write: 'MANAGER' } as const;

interface ConfigurationList {
  name: string;
  label: string;
  table: string;
  record: z.ZodType;
  create: z.ZodObject;
  update?: z.ZodObject;
  fields: Record<string, FieldDeclaration>;
  children?: ResourceDeclaration['children'];
  verbs?: Verb[];
  references?: ResourceDeclaration['references'];
  rules?: (owner: OwnerColumn) => ResourceRules<Record<string, unknown>>;
  actions?: ActionDeclaration[];
  visibility?: ResourceDeclaration['visibility'];
}

const attributeRules = () => ({
  beforeWrite: async (
    _ctx: unknown,
    values: Record<string, unknown>,
    existing: Record<string, unknown> | null,
  ) => normaliseAttributeWrite(values, existing),
});

/** The configuration lists of field-work §3 Projects, in the order settings show them. */
const LISTS: ConfigurationList[] = [
  {
    name: 'location_statuses',
    label: 'Location status',
    table: 'location_statuses',
    record: locationStatusSchema,
    create: locationStatusCreateSchema,
    fields: {
      name: { type: 'text', filter: true, sort: true },
      type: { type: 'text', filter: true },
      ...ordered,
      icon: { type: 'text' },
      color: { type: 'text' },
      include_in_todo: { type: 'boolean', filter: true },
    },
    // Deleting moves the status's locations to a replacement: served by its own route.
    verbs: ['list', 'get', 'create', 'create_many', 'update', 'reorder'],
    rules: () => ({
      beforeWrite: async (_ctx, values, existing) =>
        existing ? values : { icon: 'status', color: 'grey', ...values },
    }),
  },
  {
    name: 'job_attributes',
    label: 'Job attribute',
    table: 'job_attributes',
    record: jobAttributeSchema,
    create: jobAttributeCreateSchema,
    fields: {
      ...attributeFields,
      capture_time: { type: 'boolean' },
      default_to_now: { type: 'boolean' },
    },
    rules: attributeRules,
  },
  {
    name: 'location_attributes',
    label: 'Location attribute',
    table: 'location_attributes',
    record: locationAttributeSchema,
    create: locationAttributeCreateSchema,
    fields: { ...attributeFields, pdf_report_overview_visibility: { type: 'text' } },
    rules: attributeRules,
  },
  {
    name: 'specification_attributes',
    label: 'Specification attribute',
    table: 'specification_attributes',
    record: specificationAttributeSchema,
    create: specificationAttributeCreateSchema,
    fields: attributeFields,
    rules: attributeRules,
  },
  {
    name: 'approval_stages',
    label: 'Approval stage',
    table: 'approval_stages',
    record: approvalStageSchema,
    create: approvalStageCreateSchema,
    fields: {
      name: { type: 'text', filter: true, sort: true },
      declaration: { type: 'text' },
      user_ids: { type: 'json' },
      ...ordered,
    },
    rules: () => ({
      async beforeWrite(ctx, values) {
        if (Array.isArray(values.user_ids)) {
          const userIds = [...new Set(values.user_ids as string[])];
          await checkActiveMembers(ctx, userIds, 'user_ids');
          return { ...values, user_ids: userIds };
        }
        return values;
      },
    }),
  },
  {
    name: 'document_folders',
    label: 'Document folder',
    table: 'document_folders',
    record: documentFolderSchema,
    create: documentFolderCreateSchema,
    fields: {
      name: { type: 'text', filter: true, sort: true },
      private: { type: 'boolean', filter: true },
      ...ordered,
    },
    // The table also holds a project's documents (modules/documents): the list is its folders.
    visibility: () => 't.is_folder',
  },
  {
    name: 'signed_document_folders',
    label: 'Signed document folder',
    table: 'signed_document_folders',
    record: signedDocumentFolderSchema,
    create: signedDocumentFolderCreateSchema,
    fields: { name: { type: 'text', filter: true, sort: true }, ...ordered },
  },
  {
    name: 'materials',
    label: 'Project material',
    table: 'project_materials',
    record: projectMaterialSchema,
    create: projectMaterialCreateSchema,
    update: z.object({}),
    fields: {
      material_id: { type: 'id', filter: true },
      material_name: {
        type: 'text',
        sql: '(SELECT m.name FROM materials m WHERE m.id = t.material_id)',
        sort: true,
      },
      input_type_key: {
        type: 'text',
        sql: '(SELECT m.input_type_key FROM materials m WHERE m.id = t.material_id)',
      },
      rate_groups: { type: 'json', sql: PROJECT_MATERIAL_RATE_GROUPS },
      ...ordered,
    },
    verbs: ['list', 'get', 'create', 'create_many', 'delete', 'delete_many', 'reorder'],
    references: { material_id: { table: 'materials', label: 'Material' } },
    rules: (owner) => ({
      async beforeWrite(ctx, values) {
        const { rows } = await ctx.db.query(
          `SELECT 1 FROM project_materials
            WHERE organisation_id = $1 AND ${owner} = $2 AND material_id = $3`,
          [ctx.organisationId, values[owner], values.material_id],
        );
        if (rows[0]) {
          throw validationFailure([
            {
              field: 'material_id',
              message: 'The material is already on this list.',
              code: 'duplicate',
            },
          ]);
        }
        return values;
      },
    }),
  },
  {
    name: 'forms',
    label: 'Project form',
    table: 'project_forms',
    record: projectFormSchema,
    create: projectFormCreateSchema,
    update: projectFormUpdateSchema,
    fields: {
      form_id: { type: 'id', filter: true },
      name: { type: 'text', filter: true, sort: true },
      confirm_location_status_on_submit: { type: 'boolean' },
      location_section: { type: 'text', filter: true },
      location_attributes_custom_config: { type: 'json' },
      location_status_automation: { type: 'json', sql: locationStatusAutomationSql() },
      ...ordered,
      synced_at: { type: 'timestamp', sort: true },
    },
    children: { sections: formCopySections },
    references: { form_id: { table: 'forms', label: 'Form' } },
    actions: [formSyncAction],
    rules: (owner) => ({
      async beforeWrite(ctx, values, existing) {
        const next: Record<string, unknown> = { ...values };
        if (!existing) {
          const { rows } = await ctx.db.query<{ name: string }>(
            `SELECT f.name, EXISTS (SELECT 1 FROM project_forms pf
                WHERE pf.organisation_id = f.organisation_id AND pf.${owner} = $3 AND pf.form_id = f.id) AS taken
               FROM forms f WHERE f.organisation_id = $1 AND f.id = $2`,
            [ctx.organisationId, values.form_id, values[owner]],
          );
          const form = rows[0] as { name: string; taken: boolean } | undefined;
          if (form?.taken) {
            throw validationFailure([
              { field: 'form_id', message: 'The form is already on this list.', code: 'duplicate' },
            ]);
          }
          // Unknown forms are reported by the reference check that follows.
          if (form) next.name = form.name;
        }
        const customConfig = await checkedCustomConfig(
          ctx,
          owner,
          (values[owner] ?? existing?.[owner]) as string,
          values,
          existing,
        );
        if (customConfig !== undefined) next.location_attributes_custom_config = customConfig;
        if (values.location_status_automation !== undefined) {
          const automation = normaliseAutomation(
            values.location_status_automation as Record<string, string | null>,
            existing?.location_status_automation as Record<string, string | null> | undefined,
          );
          const ownerId = (values[owner] ?? existing?.[owner]) as string;
          await checkAutomation(ctx, owner, ownerId, automation);
          next.location_status_automation = JSON.stringify(automation);
        }
        return next;
      },
    }),
  },
];

/** Every stored automation key, with null for those never set. */
function locationStatusAutomationSql() {
  const keys = [
    'on_create_job_sheet',
    'on_submit_job_sheet',
    'on_approve_job_sheet',
    'on_reject_job_sheet',
  ];
  return `json_build_object(${keys.map((key) => `'${key}', t.location_status_automation->>'${key}'`).join(', ')})`;
}

function declare(list: ConfigurationList, owner: OwnerColumn): ResourceDeclaration {
  return defineResource({
    name: list.name,
    label: list.label,
    table: list.table,
    record: list.record,
    create: list.create,
    update: list.update ?? list.create.partial(),
    fields: { ...ownerFields, ...list.fields },
    children: list.children,
    references: list.references,
    defaultSort: 'order',
    verbs: list.verbs ?? LIST_VERBS,
    order: { column: 'order', groupBy: [owner] },
    scope: OWNER_SCOPES[owner],
    access: ACCESS,
    rules: list.rules?.(owner),
    ...(list.actions ? { actions: list.actions } : {}),
    ...(list.visibility ? { visibility: list.visibility } : {}),
  });
}

const byOwner = (owner: OwnerColumn) =>
  Object.fromEntries(LISTS.map((list) => [list.name, declare(list, owner)]));

/** Declarations per owner, keyed by list name (e.g. configurationResources.project_id.forms). */
export const configurationResources: Record<OwnerColumn, Record<string, ResourceDeclaration>> = {
  project_id: byOwner('project_id'),
  project_template_id: byOwner('project_template_id'),
};

/** The tables copied when a project or template starts from another's configuration. */
export const CONFIGURATION_TABLES = LISTS.map((list) => list.table);

/** expand[]=job_attributes etc. on a project or template. */
export function configurationExpansions(owner: OwnerColumn): Record<string, Expansion> {
  const resources = configurationResources[owner];
  return Object.fromEntries(
    Object.entries(resources).map(([name, declaration]) => [
      name,
      hasMany(() => declaration, owner),
    ]),
  );
}
