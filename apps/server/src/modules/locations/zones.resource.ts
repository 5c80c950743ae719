import { zoneCreateSchema, zoneSchema, zoneUpdateSchema } from '@fieldwork/contract';
import {
  CRUD_VERBS,
  RESTORE_VERBS,
  defineResource,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { pricedFields, pricedRules, type PricedKind } from './priced';

const ZONE: PricedKind = {
  subject: 'ZONE',
  table: 'zones',
  materials: { table: 'zone_materials', column: 'zone_id' },
  locationColumn: 'zone_id',
};

/**
 * Zones (field-work §3 Zone): a project's priced areas of locations, with code, price, price
 * items (totals computed here), attribute values, attachments and materials. Soft-deleted and
 * restored (§4); bulk delete answers {deleted, failed} with a reason for each.
 */
export const zonesResource: ResourceDeclaration = defineResource({
  name: 'zones',
  label: 'Zone',
  table: 'zones',
  record: zoneSchema,
  create: zoneCreateSchema,
  update: zoneUpdateSchema,
  fields: { ...pricedFields(ZONE), deleted_at: { type: 'timestamp', sort: true } },
  references: { project_id: { table: 'projects', label: 'Project', live: 'deleted_at IS NULL' } },
  search: ['name', 'code'],
  defaultSort: 'name',
  verbs: [...CRUD_VERBS, ...RESTORE_VERBS, 'duplicate', 'duplicate_many'],
  copy: { columns: ['project_id', 'code', 'name', 'price', 'price_items'] },
  files: { column: 'attachments', field: 'files', max: 50 },
  softDelete: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  rules: pricedRules(ZONE),
});
