import { exportCsvRoute } from '../../platform/resource-kit';
import { resourceRoutes } from '../../platform/resource-kit';
import { selectOptionsRoute } from '../../platform/resource-kit';
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
];
