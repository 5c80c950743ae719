// The documents feature's public face: a project's documents, signed documents and signing, and
// the organisation's signed documents page (the navigation imports its path from here).
export {
  organisationSignedDocumentsPath,
  projectDocumentsPath,
  signedDocumentsPath,
  signingPath,
} from './document-paths';
export { ProjectDocumentsCard, SignedDocumentLine } from './document-pieces';
import { lazyComponent } from '../../ui/lazy-component';

/** The documents pages (one chunk), for the organisation pages' route table. */
export const DocumentsArea = lazyComponent(() => import('./DocumentsArea'), 'DocumentsArea');
