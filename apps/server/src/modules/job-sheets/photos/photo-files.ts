import { MAX_UPLOAD_FILE_BYTES } from '@fieldwork/contract';
import type { FileStorage } from '../../../platform/storage/storage';

/** The largest photo accepted: the multipart ceiling (20 MB), which a phone's 48 MP JPEG fits. */
export const PHOTO_MAX_BYTES = MAX_UPLOAD_FILE_BYTES;
/** Signed photo addresses last an hour: a sheet left open keeps showing its photos. */
export const PHOTO_URL_TTL_SECONDS = 60 * 60;

/** The stored keys of a photo row. */
export interface PhotoKeys {
  original_key: string;
  thumbnail_key: string | null;
  display_key: string | null;
}

interface PhotoFileRow extends PhotoKeys {
  original_name: string | null;
  content_type: string | null;
  display_content_type: string | null;
  size_bytes: number | string | null;
}

const extensionOf = (contentType: string | null) =>
  ({ 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' })[contentType ?? ''] ?? 'jpg';

/** Where a photo's download names start: its uploaded name without the extension. */
const baseName = (originalName: string | null) =>
  (originalName ?? 'photo').replace(/\.[^.]*$/, '') || 'photo';

/**
 * The photo's `file`: signed, expiring addresses of the upright copy to show (the original when
 * it already was one), its thumbnail once processed, and the original as uploaded.
 */
export function presentPhotoFile(storage: FileStorage, row: PhotoFileRow) {
  const ttlSeconds = PHOTO_URL_TTL_SECONDS;
  const base = baseName(row.original_name);
  const originalName = `${base}.${extensionOf(row.content_type)}`;
  const original = storage.signedUrl(row.original_key, { ttlSeconds, filename: originalName });
  const display = row.display_key
    ? storage.signedUrl(row.display_key, {
        ttlSeconds,
        filename: `${base}.${extensionOf(row.display_content_type)}`,
      })
    : original;
  return {
    name: row.original_name,
    content_type: row.content_type,
    size: row.size_bytes === null ? null : Number(row.size_bytes),
    url: display,
    thumbnail_url: row.thumbnail_key
      ? storage.signedUrl(row.thumbnail_key, { ttlSeconds, filename: `${base}-thumbnail.jpg` })
      : null,
    original_url: original,
  };
}

/** The stored markup of a photo (photos.resource.ts `markup`). */
interface PhotoMarkupRow {
  shapes: unknown[];
  key: string;
  thumbnail_key: string | null;
  original_name: string | null;
  marked_up_at: string;
  marked_up_by_id: string | null;
}

/** The photo's `markup`: its shapes, who drew them when, and signed addresses of the copy. */
export function presentPhotoMarkup(storage: FileStorage, row: PhotoMarkupRow) {
  const ttlSeconds = PHOTO_URL_TTL_SECONDS;
  const base = `${baseName(row.original_name)}-marked-up`;
  const extension = (key: string) => key.slice(key.lastIndexOf('.') + 1);
  return {
    shapes: row.shapes,
    url: storage.signedUrl(row.key, { ttlSeconds, filename: `${base}.${extension(row.key)}` }),
    thumbnail_url: row.thumbnail_key
      ? storage.signedUrl(row.thumbnail_key, {
          ttlSeconds,
          filename: `${base}-thumbnail.${extension(row.thumbnail_key)}`,
        })
      : null,
    marked_up_at: row.marked_up_at,
    marked_up_by_id: row.marked_up_by_id,
  };
}
