import type { RouteDef } from '../../platform/http/route';
import { resourceRoutes, selectOptionsRoute } from '../../platform/resource-kit';
import {
  materialGroupsResource,
  materialTagsResource,
  servicesResource,
} from './catalogue.resource';
import { materialImportRoutes } from './imports/routes';
import { inputTypeRoutes, materialRateRoutes } from './material-rates';
import { materialsResource } from './materials.resource';
import { materialProjectRoutes } from './project-links';
import { rateGroupsResource, rateSetsResource } from './rates.resource';

/** Materials, their groups, tags, input types, rate groups, rate sets and services. */
export const materialRoutes = (): RouteDef[] => [
  ...inputTypeRoutes(),
  ...materialProjectRoutes(),
  ...materialImportRoutes(),
  ...resourceRoutes(materialsResource),
  ...materialRateRoutes(),
  ...resourceRoutes(materialGroupsResource),
  ...resourceRoutes(materialTagsResource),
  ...resourceRoutes(rateGroupsResource),
  ...resourceRoutes(rateSetsResource),
  ...resourceRoutes(servicesResource),
  selectOptionsRoute(materialsResource, { name: 'materials', tags: ['Material'] }),
  selectOptionsRoute(materialGroupsResource, { name: 'material_groups', tags: ['Material group'] }),
  selectOptionsRoute(materialTagsResource, { name: 'material_tags', tags: ['Material tag'] }),
];
