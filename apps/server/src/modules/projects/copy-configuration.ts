import type { LocationStatusAutomation } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { quote } from '../../platform/resource-kit';
import type { OwnerColumn } from './configuration';

export interface Owner {
  column: OwnerColumn;
  id: string;
}

/** The columns a copy carries, per configuration table (ids and owners are the copy's own). */
const COPIED_COLUMNS: Record<string, string[]> = {
  location_statuses: ['name', 'type', 'order', 'icon', 'color', 'include_in_todo'],
  job_attributes: [
    'name',
    'type',
    'order',
    'large_text',
    'precision',
    'capture_time',
    'default_to_now',
    'options',
  ],
  location_attributes: [
    'name',
    'type',
    'order',
    'large_text',
    'precision',
    'options',
    'pdf_report_overview_visibility',
  ],
  specification_attributes: ['name', 'type', 'order', 'large_text', 'precision', 'options'],
  approval_stages: ['name', 'declaration', 'user_ids', 'order'],
  document_folders: ['name', 'private', 'order'],
  signed_document_folders: ['name', 'order'],
  project_materials: ['material_id', 'order'],
  project_forms: [
    'form_id',
    'name',
    'confirm_location_status_on_submit',
    'location_section',
    'location_attributes_custom_config',
    'location_status_automation',
    'order',
  ],
};

/** A project's documents share the folders' table: a copy takes its top-level folders alone. */
const TOP_FOLDERS: Record<string, string> = {
  document_folders: ' AND is_folder AND folder_id IS NULL',
};

/**
 * Copies every configuration list of one project or template to another: one SELECT and one
 * INSERT per table. Forms' status automations and custom location attribute lists are re-pointed
 * at the copied statuses and attributes.
 */
export async function copyConfiguration(ctx: OrganisationContext, from: Owner, to: Owner) {
  const statusIds = new Map<string, string>();
  const attributeIds = new Map<string, string>();
  for (const [table, columns] of Object.entries(COPIED_COLUMNS)) {
    const { rows } = await ctx.db.query<Record<string, unknown> & { id: string }>(
      `SELECT id, ${columns.map(quote).join(', ')} FROM ${table}
        WHERE organisation_id = $1 AND ${from.column} = $2${TOP_FOLDERS[table] ?? ''}
        ORDER BY "order", id`,
      [ctx.organisationId, from.id],
    );
    if (!rows.length) continue;
    const copies = rows.map((row) => {
      const id = newId();
      if (table === 'location_statuses') statusIds.set(row.id, id);
      if (table === 'location_attributes') attributeIds.set(row.id, id);
      const values: Record<string, unknown> = { ...row, id };
      if (table === 'project_forms') {
        values.location_status_automation = repoint(
          row.location_status_automation as Partial<LocationStatusAutomation>,
          statusIds,
        );
        values.location_attributes_custom_config = (
          row.location_attributes_custom_config as Array<{ location_attribute_id: string }>
        )
          .filter((entry) => attributeIds.has(entry.location_attribute_id))
          .map((entry) => ({
            ...entry,
            location_attribute_id: attributeIds.get(entry.location_attribute_id)!,
          }));
      }
      return values;
    });
    await insertRows(ctx, table, to, columns, copies);
  }
}

function repoint(
  automation: Partial<LocationStatusAutomation>,
  statusIds: Map<string, string>,
): Partial<LocationStatusAutomation> {
  return Object.fromEntries(
    Object.entries(automation).map(([key, id]) => [key, id ? (statusIds.get(id) ?? null) : null]),
  );
}

/** One multi-row INSERT of configuration rows under `to`; json values are sent as text. */
export async function insertRows(
  ctx: OrganisationContext,
  table: string,
  to: Owner,
  columns: string[],
  rows: Record<string, unknown>[],
) {
  if (!rows.length) return;
  const params: unknown[] = [ctx.organisationId, to.id];
  const tuples = rows.map((row) => {
    const values = [row.id ?? newId(), ...columns.map((column) => row[column])].map(
      (value, index) => {
        params.push(JSON_COLUMNS.has(columns[index - 1]!) ? JSON.stringify(value) : value);
        return `$${params.length}`;
      },
    );
    return `(${values[0]}, $1, $2, ${values.slice(1).join(', ')})`;
  });
  await ctx.db.query(
    `INSERT INTO ${table} (id, organisation_id, ${to.column}, ${columns.map(quote).join(', ')})
     VALUES ${tuples.join(', ')}`,
    params,
  );
}

const JSON_COLUMNS = new Set([
  'options',
  'location_status_automation',
  'location_attributes_custom_config',
]);
