import {
  materialRateGroupCreateSchema,
  materialRateGroupSchema,
  materialRateGroupUpdateSchema,
  rateSetCreateSchema,
  rateSetSchema,
  rateSetUpdateSchema,
} from '@fieldwork/contract';
import { validationFailure } from '../../platform/errors';
import type { OrganisationContext } from '../../platform/http/context';
import {
  ARCHIVE_VERBS,
  CRUD_VERBS,
  defineResource,
  type ResourceDeclaration,
  type Row,
} from '../../platform/resource-kit';

/** The default rate set named must be one of the group's own sets. */
async function checkDefaultSet(
  ctx: OrganisationContext,
  values: Record<string, unknown>,
  existing: Row | null,
) {
  const setId = values.default_material_rate_set_id;
  if (typeof setId !== 'string') return values;
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM rate_sets WHERE organisation_id = $1 AND id = $2 AND material_rate_group_id = $3`,
    [ctx.organisationId, setId, existing?.id ?? null],
  );
  if (!rows[0])
    throw validationFailure([
      {
        field: 'default_material_rate_set_id',
        message: existing
          ? 'Must be a rate set of this rate group.'
          : 'A new rate group has no rate sets yet: add one, then make it the default.',
        code: 'not_in_group',
      },
    ]);
  return values;
}

/**
 * Rate groups (field-work §3 Material rate group): what a material is priced for (e.g. the
 * client's charge, the operative's pay), in order; each prices a job sheet material with one of
 * its rate sets (docs/pricing.md).
 */
export const rateGroupsResource: ResourceDeclaration = defineResource({
  name: 'material_rate_groups',
  label: 'Rate group',
  table: 'material_rate_groups',
  record: materialRateGroupSchema,
  create: materialRateGroupCreateSchema,
  update: materialRateGroupUpdateSchema,
  fields: {
    name: { type: 'text', filter: true, sort: true },
    order: { type: 'integer', sort: true },
    default_material_rate_set_id: { type: 'id', filter: true },
    rate_sets: {
      type: 'json',
      sql: `(SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'locked', s.locked)
                ORDER BY s."order", s.id), '[]') FROM rate_sets s
              WHERE s.organisation_id = t.organisation_id AND s.material_rate_group_id = t.id
                AND s.archived_at IS NULL)`,
    },
  },
  references: { default_material_rate_set_id: { table: 'rate_sets', label: 'Rate set' } },
  search: ['name'],
  order: { column: 'order' },
  defaultSort: 'order',
  verbs: [...CRUD_VERBS, 'reorder'],
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  rules: { beforeWrite: checkDefaultSet },
});

const lockedReason = () =>
  `CASE WHEN t.locked THEN 'The rate set is locked: unlock it to change it.' END`;

/**
 * Rate sets (field-work §3): a rate group's prices per input type, each with its tiers. A
 * locked set cannot change (policy lock) until it is unlocked; its prices still price sheets.
 */
export const rateSetsResource: ResourceDeclaration = defineResource({
  name: 'rate_sets',
  label: 'Rate set',
  table: 'rate_sets',
  record: rateSetSchema,
  create: rateSetCreateSchema,
  update: rateSetUpdateSchema,
  fields: {
    material_rate_group_id: { type: 'id', filter: true },
    material_rate_group_name: {
      type: 'text',
      sql: '(SELECT g.name FROM material_rate_groups g WHERE g.id = t.material_rate_group_id)',
    },
    name: { type: 'text', filter: true, sort: true },
    description: { type: 'text' },
    locked: { type: 'boolean', filter: true },
    order: { type: 'integer', sort: true },
    prices: { type: 'json' },
    archived_at: { type: 'timestamp', sort: true },
  },
  references: { material_rate_group_id: { table: 'material_rate_groups', label: 'Rate group' } },
  search: ['name', 'description'],
  order: { column: 'order', groupBy: ['material_rate_group_id'] },
  defaultSort: 'order',
  verbs: [...CRUD_VERBS, ...ARCHIVE_VERBS, 'duplicate', 'reorder'],
  archivable: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  policy: {
    update: { role: 'MANAGER', lock: { note: 'not while locked', reasonSql: lockedReason } },
    delete: { role: 'MANAGER', lock: { note: 'not while locked', reasonSql: lockedReason } },
    archive: { role: 'MANAGER', lock: { note: 'not while locked', reasonSql: lockedReason } },
  },
  rules: {
    // jsonb: written as JSON text (an array would be sent as a PostgreSQL array).
    beforeWrite: async (_ctx, values) =>
      Array.isArray(values.prices) ? { ...values, prices: JSON.stringify(values.prices) } : values,
  },
  copy: { columns: ['material_rate_group_id', 'name', 'description', 'prices', 'order'] },
  actions: [
    {
      name: 'lock',
      past: 'locked',
      audit: 'LOCK',
      summary: 'Lock a rate set: nothing about it can change until it is unlocked',
      sets: { locked: true },
    },
    {
      name: 'unlock',
      past: 'unlocked',
      audit: 'UNLOCK',
      summary: 'Unlock a rate set so it can be changed again',
      sets: { locked: false },
    },
  ],
});
