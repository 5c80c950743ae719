import { locationCreateSchema, locationSchema, locationUpdateSchema } from '@fieldwork/contract';
import { CRUD_VERBS, defineResource, type ResourceDeclaration } from '../../platform/resource-kit';
import type { AttributeValueInput } from '../jobs';
import { locationBeforeWrite } from './location-rules';
import {
  attributeValuesSql,
  copySubjectValues,
  removeSubjectValues,
  writeSubjectValues,
} from './subject-values';

const NAMED = (
  table: string,
  column: string,
) => `(SELECT json_build_object('id', x.id, 'name', x.name)
  FROM ${table} x WHERE x.organisation_id = t.organisation_id AND x.id = t.${column})`;
const CODED = (
  table: string,
  column: string,
) => `(SELECT json_build_object('id', x.id, 'name', x.name,
    'code', x.code)
  FROM ${table} x WHERE x.organisation_id = t.organisation_id AND x.id = t.${column})`;
const STATUS = `(SELECT json_build_object('id', s.id, 'name', s.name, 'type', s.type,
    'color', s.color, 'icon', s.icon)
  FROM location_statuses s WHERE s.organisation_id = t.organisation_id AND s.id = t.status_id)`;
const QR_CODE = `(SELECT json_build_object('id', q.id, 'code', q.code)
  FROM qr_codes q WHERE q.organisation_id = t.organisation_id AND q.id = t.qr_code_id)`;
/** The project's label when it enables location references, else the organisation's name for them. */
const REFERENCE_LABEL = `coalesce(
  (SELECT nullif(trim(p.location_reference_label), '') FROM projects p
    WHERE p.organisation_id = t.organisation_id AND p.id = t.project_id AND p.location_reference_enabled),
  (SELECT nullif(trim(o.options->'settings'->>'location_reference_field_name'), '')
     FROM organisations o WHERE o.id = t.organisation_id),
  'Reference')`;
const JOB_SHEETS = `(SELECT coalesce(json_agg(json_build_object('id', s.id, 'number', s.number,
    'status', s.status) ORDER BY s.number), '[]'::json)
  FROM job_sheets s WHERE s.organisation_id = t.organisation_id AND s.location_id = t.id)`;
const JOB_SHEET_PHOTOS = `(SELECT coalesce(json_agg(json_build_object('id', ph.id,
    'job_sheet_id', ph.job_sheet_id, 'status', ph.status, 'width', ph.width, 'height', ph.height)
    ORDER BY s.number, ph."order", ph.id), '[]'::json)
  FROM job_sheets s JOIN job_sheet_photos ph
    ON ph.organisation_id = s.organisation_id AND ph.job_sheet_id = s.id
  WHERE s.organisation_id = t.organisation_id AND s.location_id = t.id)`;

/** Columns a copy of a location takes: its place and what it is, never its QR code or origin. */
const COPIED = [
  'project_id',
  'reference',
  'site_id',
  'block_id',
  'level_id',
  'drawing_id',
  'drawing_pos_top',
  'drawing_pos_left',
  'zone_id',
  'specification_id',
  'status_id',
  'variation',
];

/**
 * Locations (field-work §3 Location): numbered per project without gaps (a trigger gives the next
 * number on insert), placed on a site, block and level and pinned on a drawing by fractions of its
 * size, with one of the project's statuses (moved by job sheets' status automation, a trigger on
 * job_sheets), attribute values, a zone, a specification and a QR code.
 */
export const locationsResource: ResourceDeclaration = defineResource({
  name: 'locations',
  label: 'Location',
  table: 'locations',
  record: locationSchema,
  create: locationCreateSchema,
  update: locationUpdateSchema,
  fields: {
    project_id: { type: 'id', filter: true },
    number: { type: 'integer', filter: true, sort: true },
    reference: { type: 'text', filter: true, sort: true },
    reference_label: { type: 'text', sql: REFERENCE_LABEL },
    site_id: { type: 'id', filter: true },
    block_id: { type: 'id', filter: true },
    level_id: { type: 'id', filter: true },
    drawing_id: { type: 'id', filter: true },
    site: { type: 'json', sql: NAMED('sites', 'site_id') },
    block: { type: 'json', sql: NAMED('blocks', 'block_id') },
    level: { type: 'json', sql: NAMED('levels', 'level_id') },
    drawing: { type: 'json', sql: NAMED('drawings', 'drawing_id') },
    drawing_pos_top: { type: 'number' },
    drawing_pos_left: { type: 'number' },
    zone_id: { type: 'id', filter: true },
    zone: { type: 'json', sql: CODED('zones', 'zone_id') },
    specification_id: { type: 'id', filter: true },
    specification: { type: 'json', sql: CODED('specifications', 'specification_id') },
    status_id: { type: 'id', filter: true },
    status: { type: 'json', sql: STATUS },
    variation: { type: 'text', filter: true },
    attribute_values: { type: 'json', sql: attributeValuesSql('LOCATION') },
    qr_code: { type: 'json', sql: QR_CODE },
    original_job_sheet_id: { type: 'id', filter: true },
    job_sheets: { type: 'json', sql: JOB_SHEETS },
    job_sheet_photos: { type: 'json', sql: JOB_SHEET_PHOTOS },
  },
  references: {
    project_id: { table: 'projects', label: 'Project', live: 'deleted_at IS NULL' },
  },
  search: ['reference'],
  searchNumber: 'number',
  defaultSort: 'number',
  verbs: [...CRUD_VERBS, 'create_many', 'delete_many', 'duplicate', 'duplicate_many'],
  copy: { columns: COPIED },
  access: {
    read: 'OPERATIVE',
    write: 'OPERATIVE',
    note: 'operatives place and update locations on site; managers delete them',
  },
  policy: { delete: { role: 'MANAGER' } },
  rules: {
    beforeWrite: locationBeforeWrite,
    async afterInsert(ctx, created) {
      for (const { id, input } of created) {
        if (input.attribute_values === undefined) continue;
        await writeSubjectValues(
          ctx,
          'LOCATION',
          id,
          input.project_id as string,
          input.attribute_values as AttributeValueInput[],
        );
      }
    },
    async afterUpdate(ctx, existing, _values, input) {
      if (input.attribute_values === undefined) return;
      await writeSubjectValues(
        ctx,
        'LOCATION',
        existing.id,
        existing.project_id as string,
        input.attribute_values as AttributeValueInput[],
      );
    },
    afterDuplicate: (ctx, copies) => copySubjectValues(ctx, 'LOCATION', copies),
    afterDelete: (ctx, ids) => removeSubjectValues(ctx, 'LOCATION', ids),
  },
});
