import type { RouteDef } from '../../platform/http/route';
import { resourceRoutes } from '../../platform/resource-kit';
import { documentRoutes } from './document-routes';
import { documentsResource } from './documents.resource';
import { signedDocumentRoutes } from './signed-routes';
import {
  signedDocumentMembersResource,
  signedDocumentsResource,
} from './signed-documents.resource';

/** Every documents route: the upload and folder routes before the kit's `/documents/:id`. */
export function documentsRoutes(): RouteDef[] {
  return [
    ...documentRoutes(),
    ...signedDocumentRoutes(),
    ...resourceRoutes(documentsResource),
    ...resourceRoutes(signedDocumentsResource),
    ...resourceRoutes(signedDocumentMembersResource),
  ];
}
