import type { OrganisationContext } from '../../platform/http/context';
import type { Row } from '../../platform/resource-kit';

/** Signed drawing links last an hour: a viewer left open keeps showing its sheet. */
export const DRAWING_URL_TTL_SECONDS = 60 * 60;

/**
 * SQL over a drawing or pending drawing row `t`: its upload's name, type and size with the keys
 * of the file and of the picture shown; present() turns the keys into signed links.
 */
export const DRAWING_FILE_SQL = `(SELECT json_build_object('name', f.name,
    'content_type', f.content_type, 'size', f.size_bytes, 'key', f.key, 'image_key', t.image_key,
    'image_content_type', t.image_content_type)
  FROM stored_files f WHERE f.organisation_id = t.organisation_id AND f.id = t.stored_file_id)`;

interface FileColumns {
  name: string;
  content_type: string;
  size: number | string;
  key: string;
  image_key: string | null;
  image_content_type: string | null;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'drawing';

/** A drawing's `file`: signed links to the upload as sent and to the picture shown. */
export function presentDrawingFile(row: Row, ctx: OrganisationContext): Row {
  const file = row.file as FileColumns | null;
  if (!file) return { ...row, file: null };
  const storage = ctx.services.storage;
  const ttlSeconds = DRAWING_URL_TTL_SECONDS;
  const base = baseName(file.name);
  return {
    ...row,
    file: {
      name: file.name,
      content_type: file.content_type,
      size: Number(file.size),
      url: storage.signedUrl(file.key, {
        ttlSeconds,
        filename: `${base}.${EXTENSIONS[file.content_type] ?? 'bin'}`,
      }),
      image_url: file.image_key
        ? storage.signedUrl(file.image_key, {
            ttlSeconds,
            filename: `${base}.${EXTENSIONS[file.image_content_type ?? ''] ?? 'png'}`,
          })
        : null,
    },
  };
}
