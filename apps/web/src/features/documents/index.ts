// The documents feature's public face: a project's documents, signed documents and signing.
export { projectDocumentsPath, signedDocumentsPath, signingPath } from './document-paths';
export { ProjectDocumentsCard } from './ProjectDocumentsCard';
import { lazyComponent } from '../../ui/lazy-component';

/** The documents pages (one chunk), for the organisation pages' route table. */
export const DocumentsArea = lazyComponent(() => import('./DocumentsArea'), 'DocumentsArea');
