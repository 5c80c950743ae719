import type { RouteDef } from '../../platform/http/route';
import { exportCsvRoute } from '../../platform/builds';
import { projectsResource } from './projects.resource';

const PROJECT_CSV_COLUMNS = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name' },
  { key: 'reference', header: 'Reference' },
  { key: 'client_name', header: 'Client' },
  { key: 'owner_name', header: 'Owner' },
  { key: 'package', header: 'Package' },
  { key: 'developer', header: 'Developer' },
  { key: 'site_address', header: 'Site address' },
  { key: 'archived_at', header: 'Archived at' },
  { key: 'created_at', header: 'Created at' },
];

// The export reads the filterable and plain columns only: no per-row metrics or signed links.
const exportView = {
  ...projectsResource,
  fields: Object.fromEntries(
    Object.entries(projectsResource.fields).filter(([, field]) => field.type !== 'json'),
  ),
  expand: {},
  present: undefined,
};

/** POST /exports/projects_csv: the projects matching the list filters, as CSV behind a link. */
export const projectExportRoutes = (): RouteDef[] => [
  exportCsvRoute(exportView, {
    name: 'projects',
    columns: PROJECT_CSV_COLUMNS,
    tags: ['Project'],
  }),
];
