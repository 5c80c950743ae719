import { contactCreateSchema, contactSchema, contactUpdateSchema } from '@fieldwork/contract';
import {
  ARCHIVE_VERBS,
  CRUD_VERBS,
  defineResource,
  nameOfField,
  type ResourceDeclaration,
} from '../../platform/resource-kit';
import { belongsTo } from '../../platform/resource-kit';
// import-cycle-allowed -- clients and contacts expand into each other; the kit reads the reference lazily
import { clientsResource } from './clients.resource';

export const contactsResource: ResourceDeclaration = defineResource({
  name: 'contacts',
  label: 'Contact',
  table: 'contacts',
  record: contactSchema,
  create: contactCreateSchema,
  update: contactUpdateSchema,
  fields: {
    client_id: { type: 'id', filter: true },
    client_name: nameOfField('clients', 'client_id', { sort: true }),
    name: { type: 'text', filter: true, sort: true },
    telephone: { type: 'text', filter: true },
    email: { type: 'text', filter: true, sort: true },
    role: { type: 'text', filter: true, sort: true },
    archived_at: { type: 'timestamp', sort: true },
  },
  references: { client_id: { table: 'clients', label: 'Client' } },
  parent: { column: 'client_id', table: 'clients', label: 'Client' },
  search: ['name', 'email'],
  expand: { client: belongsTo(() => clientsResource, 'client_id') },
  defaultSort: 'name',
  verbs: [
    ...CRUD_VERBS,
    ...ARCHIVE_VERBS,
    'create_many',
    'move',
    'move_many',
    'duplicate',
    'duplicate_many',
  ],
  archivable: true,
  access: { read: 'OPERATIVE', write: 'MANAGER' },
});
