import { siteCreateSchema, siteSchema, siteUpdateSchema } from '@fieldwork/contract';
import {
  RESTORE_VERBS,
  CRUD_VERBS,
  defineResource,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { inUseReasons, type Usage } from './in-use';
import { presentSite, siteColumns, type SiteInput } from './site-values';

const COORDINATES = `CASE WHEN t.latitude IS NULL OR t.longitude IS NULL THEN NULL
  ELSE json_build_object('lat', t.latitude, 'lng', t.longitude) END`;

/** A site stays in use while live projects, or live blocks of live projects, are on it. */
const SITE_USAGES: Usage[] = [
  { table: 'projects', column: 'site_id', noun: ['project', 'projects'] },
  {
    table: 'blocks',
    column: 'site_id',
    noun: ['block', 'blocks'],
    condition: `EXISTS (SELECT 1 FROM projects p WHERE p.organisation_id = u.organisation_id
      AND p.id = u.project_id AND p.deleted_at IS NULL)`,
  },
];

export const sitesResource: ResourceDeclaration = defineResource({
  name: 'sites',
  label: 'Site',
  table: 'sites',
  record: siteSchema,
  create: siteCreateSchema,
  update: siteUpdateSchema,
  fields: {
    name: { type: 'text', filter: true, sort: true },
    name_is_custom: { type: 'boolean', filter: true },
    address_line_1: { type: 'text' },
    address_line_2: { type: 'text' },
    city: { type: 'text', filter: true, sort: true },
    postcode: { type: 'text', filter: true, sort: true },
    // the ISO code in SQL (filter[country]=GB); presentSite makes it {name, iso_code}
    country: { type: 'text', sql: 't.country_iso_code', filter: true, sort: true },
    coordinates: { type: 'json', sql: COORDINATES },
    what3words: { type: 'text' },
    notes: { type: 'text' },
    deleted_at: { type: 'timestamp', sort: true },
  },
  search: ['name', 'city', 'postcode'],
  defaultSort: 'name',
  verbs: [...CRUD_VERBS, ...RESTORE_VERBS, 'duplicate', 'duplicate_many'],
  softDelete: true,
  // A copy keeps the address and notes; its name ("… (copy)") no longer follows the address.
  copy: {
    columns: [
      'name',
      'address_line_1',
      'address_line_2',
      'city',
      'postcode',
      'country_iso_code',
      'latitude',
      'longitude',
      'what3words',
      'notes',
    ],
    sets: async () => ({ name_is_custom: true }),
  },
  access: { read: 'OPERATIVE', write: 'MANAGER' },
  present: presentSite,
  rules: {
    beforeWrite: async (_ctx, values, existing) => siteColumns(values as SiteInput, existing),
    deleteBlockers: (ctx, ids) => inUseReasons(ctx, ids, 'Site', SITE_USAGES),
  },
});
