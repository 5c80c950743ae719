import { useParams } from 'react-router-dom';
import { DocumentsPage } from './DocumentsPage';
import { SignedDocumentsPage } from './SignedDocumentsPage';
import { SigningPage } from './SigningPage';

/**
 * The documents pages, one chunk behind one lazy entry of the organisation pages (whose chunk is part of
 * the projects page's first load): a project's documents, its signed documents (`signed`), signing one (`signed/{id}/sign`).
 */
export function DocumentsArea() {
  const { '*': rest = '' } = useParams();
  const signing = /^signed\/([0-9a-f]{24})\/sign\/?$/.exec(rest);
  if (signing) return <SigningPage signedDocumentId={signing[1]!} />;
  return /^signed\/?$/.test(rest) ? <SignedDocumentsPage /> : <DocumentsPage />;
}
