import { ORGANISATIONS_PATH } from '../../app/paths';

const project = (slug: string, projectId: string) =>
  `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/projects/${projectId}/documents`;

/** A project's documents browser, at a folder (the root when none). */
export const projectDocumentsPath = (slug: string, projectId: string, folderId?: string | null) =>
  `${project(slug, projectId)}${folderId ? `?folder=${folderId}` : ''}`;

/** A project's signed documents. */
export const signedDocumentsPath = (slug: string, projectId: string) =>
  `${project(slug, projectId)}/signed`;

/** The organisation's signed documents, every project's: /organisations/{slug}/signed_documents. */
export const organisationSignedDocumentsPath = (slug: string) =>
  `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/signed_documents`;

/** The signing screen of one signed document. */
export const signingPath = (slug: string, projectId: string, signedDocumentId: string) =>
  `${project(slug, projectId)}/signed/${signedDocumentId}/sign`;
