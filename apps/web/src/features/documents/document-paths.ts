const project = (slug: string, projectId: string) =>
  `/organisations/${encodeURIComponent(slug)}/projects/${projectId}/documents`;

/** A project's documents browser, at a folder (the root when none). */
export const projectDocumentsPath = (slug: string, projectId: string, folderId?: string | null) =>
  `${project(slug, projectId)}${folderId ? `?folder=${folderId}` : ''}`;

/** A project's signed documents. */
export const signedDocumentsPath = (slug: string, projectId: string) =>
  `${project(slug, projectId)}/signed`;

/** The signing screen of one signed document. */
export const signingPath = (slug: string, projectId: string, signedDocumentId: string) =>
  `${project(slug, projectId)}/signed/${signedDocumentId}/sign`;
