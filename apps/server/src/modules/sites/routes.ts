import type { RouteDef } from '../../platform/http/route';
import { importRoutes } from '../../platform/imports/routes';
import { resourceRoutes } from '../../platform/resource-kit';
import { blocksResource } from './blocks.resource';
import { siteCsvImport } from './imports/site-csv';
import { sitesCsvImport } from './imports/sites-csv';
import { levelMoveRoutes } from './level-moves';
import { levelsResource } from './levels.resource';
import { sitesResource } from './sites.resource';

export const siteRoutes = (): RouteDef[] => [
  ...resourceRoutes(sitesResource),
  ...resourceRoutes(blocksResource),
  ...levelMoveRoutes(),
  ...resourceRoutes(levelsResource),
  ...importRoutes(sitesCsvImport),
  ...importRoutes(siteCsvImport),
];
