import type { RouteDef } from '../../platform/http/route';
import { importRoutes } from '../../platform/imports/routes';
import { resourceRoutes } from '../../platform/resource-kit';
import { drawingRoutes } from './drawing-routes';
import { locationsCsvImport } from './imports/locations-csv';
import { drawingsResource } from './drawings.resource';
import { locationsResource } from './locations.resource';
import { qrCodeBatchesResource } from './qr-code-batches.resource';
import { qrRoutes } from './qr-routes';
import { specificationsResource } from './specifications.resource';
import { zonesResource } from './zones.resource';
import { pendingDrawingRoutes } from './pending-drawing-routes';
import { pendingDrawingsResource } from './pending-drawings.resource';

export const locationRoutes = (): RouteDef[] => [
  ...drawingRoutes(),
  ...resourceRoutes(drawingsResource),
  ...pendingDrawingRoutes(),
  ...resourceRoutes(pendingDrawingsResource),
  ...resourceRoutes(locationsResource),
  ...importRoutes(locationsCsvImport),
  ...resourceRoutes(zonesResource),
  ...resourceRoutes(specificationsResource),
  ...qrRoutes(),
  ...resourceRoutes(qrCodeBatchesResource),
];
