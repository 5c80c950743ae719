// The documents module's public face: a project's documents (folders and files), signed
// documents, their recipients and signing (field-work §3, §4, §7, §8).
export { documentsRoutes } from './routes';
export { documentUpload, signedDocumentUpload } from './document-upload';
export { documentsResource } from './documents.resource';
export { mandatoryDocumentsGuard } from './guard';
export {
  signedDocumentsResource,
  signedDocumentMembersResource,
} from './signed-documents.resource';
export { outstandingDocuments, membershipDocumentMetrics } from './outstanding';
export { askJoinedMembers } from './signed-routes';
