import { locationCreateSchema, locationSchema, locationUpdateSchema } from '@fieldwork/contract';
import { publishEvent } from '../../platform/events';
import type { OrganisationContext } from '../../platform/http/context';
import {
  CRUD_VERBS,
  defineResource,
  reader,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import type { AttributeValueInput } from '../jobs';
import { locationBeforeWrite } from './location-rules';
import { finishLocations } from './location-details';
import { copySubjectValues, removeSubjectValues, writeSubjectValues } from './subject-values';

/** Filled for a whole page or chunk by finishLocations (location-details.ts), never per row. */
const FINISHED_JSON = 'NULL::json';
const FINISHED_TEXT = 'NULL::text';

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
    reference_label: { type: 'text', sql: FINISHED_TEXT },
    site_id: { type: 'id', filter: true },
    block_id: { type: 'id', filter: true },
    level_id: { type: 'id', filter: true },
    drawing_id: { type: 'id', filter: true },
    site: { type: 'json', sql: FINISHED_JSON },
    block: { type: 'json', sql: FINISHED_JSON },
    level: { type: 'json', sql: FINISHED_JSON },
    drawing: { type: 'json', sql: FINISHED_JSON },
    drawing_pos_top: { type: 'number' },
    drawing_pos_left: { type: 'number' },
    zone_id: { type: 'id', filter: true },
    zone: { type: 'json', sql: FINISHED_JSON },
    specification_id: { type: 'id', filter: true },
    specification: { type: 'json', sql: FINISHED_JSON },
    status_id: { type: 'id', filter: true },
    status: { type: 'json', sql: FINISHED_JSON },
    variation: { type: 'text', filter: true },
    attribute_values: { type: 'json', sql: FINISHED_JSON },
    qr_code: { type: 'json', sql: FINISHED_JSON },
    original_job_sheet_id: { type: 'id', filter: true },
    job_sheets: { type: 'json', sql: FINISHED_JSON },
    job_sheet_photos: { type: 'json', sql: FINISHED_JSON },
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
  finish: finishLocations,
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
    async afterUpdate(ctx, existing, values, input) {
      if (values.status_id !== undefined && values.status_id !== existing.status_id)
        await publishLocationStatusChanges(ctx, [
          { id: existing.id, previous_status_id: existing.status_id as string },
        ]);
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

let locations: ReturnType<typeof reader> | undefined;

/**
 * Outgoing webhooks (docs/webhooks.md): `location.status_changed` for each location, as
 * GET /locations/{id} answers it, with the status it had before when the caller knows it.
 */
export function publishLocationStatusChanges(
  ctx: OrganisationContext,
  changes: { id: string; previous_status_id?: string | null }[],
): Promise<void> {
  if (!changes.length) return Promise.resolve();
  const previous = new Map(changes.map((change) => [change.id, change.previous_status_id]));
  return publishEvent(ctx, 'location.status_changed', async () => {
    const rows = await (locations ??= reader(locationsResource)).findMany(ctx, [
      ...previous.keys(),
    ]);
    return rows.map((row) => ({ ...row, previous_status_id: previous.get(row.id) ?? null }));
  });
}
