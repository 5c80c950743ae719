import type { RouteDef } from '../../../platform/http/route';
import { resourceRoutes } from '../../../platform/resource-kit';
import { detectionRoutes } from './detection-routes';
import { photoMarkupRoutes } from './markup';
import { jobSheetPhotosResource } from './photos.resource';
import { uploadPhotoRoute } from './upload';

/** Job sheet photos: the upload, the generic pattern, markup, and detect duplicate photos. */
export function jobSheetPhotoRoutes(): RouteDef[] {
  return [
    uploadPhotoRoute(),
    ...resourceRoutes(jobSheetPhotosResource),
    ...photoMarkupRoutes(),
    ...detectionRoutes(),
  ];
}
