import type { OrganisationContext } from '../../platform/http/context';

/** How long a document's file address lives. */
export const DOCUMENT_URL_TTL_SECONDS = 15 * 60;

interface StoredDocumentFile {
  key: string;
  name: string;
  content_type: string;
  size: number;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The name a file downloads as: the document's name with its type's extension. */
export function downloadName(name: string, contentType: string, key: string) {
  const extension = EXTENSIONS[contentType] ?? key.split('.').pop() ?? 'bin';
  const base = name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'document';
  return `${base}.${extension}`;
}

/** A document's file as answered: a signed, expiring address, never the storage key. */
export function presentDocumentFile(ctx: OrganisationContext, value: unknown) {
  if (!value || typeof value !== 'object') return null;
  const file = value as StoredDocumentFile;
  return {
    name: file.name,
    content_type: file.content_type,
    size: Number(file.size),
    url: ctx.services.storage.signedUrl(file.key, {
      ttlSeconds: DOCUMENT_URL_TTL_SECONDS,
      filename: downloadName(file.name, file.content_type, file.key),
    }),
  };
}
