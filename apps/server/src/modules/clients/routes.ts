import { exportCsvRoute } from '../../platform/builds';
import { resourceRoutes, selectOptionsRoute } from '../../platform/resource-kit';
import { clientActivityRoute } from './activity';
import { clientsResource } from './clients.resource';
import { contactsResource } from './contacts.resource';

const CLIENT_CSV_COLUMNS = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name' },
  { key: 'owner_name', header: 'Owner' },
  { key: 'project_count', header: 'Projects' },
  { key: 'last_activity_at', header: 'Last activity' },
  { key: 'archived_at', header: 'Archived at' },
  { key: 'created_at', header: 'Created at' },
  { key: 'updated_at', header: 'Updated at' },
];

export const clientRoutes = () => [
  ...resourceRoutes(clientsResource),
  ...resourceRoutes(contactsResource),
  exportCsvRoute(clientsResource, {
    name: 'clients',
    columns: CLIENT_CSV_COLUMNS,
    tags: ['Client'],
    minRole: 'MANAGER',
  }),
  selectOptionsRoute(clientsResource, { name: 'clients', tags: ['Client'] }),
  clientActivityRoute(),
];
