import {
  materialGroupSchema,
  materialTagSchema,
  namedCreateSchema,
  serviceCreateSchema,
  serviceSchema,
  serviceUpdateSchema,
} from '@fieldwork/contract';
import {
  ARCHIVE_VERBS,
  CRUD_VERBS,
  defineResource,
  type ResourceDeclaration,
} from '../../platform/resource-kit';

const named = {
  name: { type: 'text', filter: true, sort: true },
  archived_at: { type: 'timestamp', sort: true },
} as const;

/** Material groups and tags: a name, archived when no longer offered (field-work §3). */
const namedResource = (name: string, label: string, record: typeof materialGroupSchema) =>
  defineResource({
    name,
    label,
    table: name,
    record,
    create: namedCreateSchema,
    update: namedCreateSchema.partial(),
    fields: named,
    search: ['name'],
    defaultSort: 'name',
    verbs: [...CRUD_VERBS, ...ARCHIVE_VERBS],
    archivable: true,
    access: { read: 'OPERATIVE', write: 'MANAGER' },
  });

export const materialGroupsResource: ResourceDeclaration = namedResource(
  'material_groups',
  'Material group',
  materialGroupSchema,
);
export const materialTagsResource: ResourceDeclaration = namedResource(
  'material_tags',
  'Material tag',
  materialTagSchema,
);

/** Services (field-work §3 Service): what an operative is paid and a client charged, in pence. */
export const servicesResource: ResourceDeclaration = defineResource({
  name: 'services',
  label: 'Service',
  table: 'services',
  record: serviceSchema,
  create: serviceCreateSchema,
  update: serviceUpdateSchema,
  fields: {
    ...named,
    description: { type: 'text' },
    operative_price: { type: 'integer', sort: true, sum: true },
    charge_price: { type: 'integer', sort: true, sum: true },
  },
  search: ['name', 'description'],
  defaultSort: 'name',
  verbs: [...CRUD_VERBS, ...ARCHIVE_VERBS, 'duplicate'],
  archivable: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
});
