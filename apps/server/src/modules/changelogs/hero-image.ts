import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { validationFailure } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import type { FileStorage } from '../../platform/storage/storage';
import { normaliseImage, UploadRefusedError, type Box } from '../../platform/uploads';
import type { StoredImageRecord } from '../organisation-setup';

/**
 * A changelog's hero image, normalised like every image (platform/uploads/images.ts) and kept
 * under its upload key. Changelogs belong to no organisation, so the upload has no stored-file
 * record (those are an organisation's, behind row-level security).
 */
export async function storeHeroImage(
  storage: FileStorage,
  file: UploadedFile,
  box: Box,
): Promise<StoredImageRecord> {
  const refuse = (message: string) =>
    validationFailure([{ field: 'hero', message, code: 'invalid_image' }]);
  if (file.size === 0) throw refuse('The file is empty.');
  const stream = await storage.read(file.key);
  if (!stream) throw new Error(`The upload ${file.key} is missing from storage`);
  let image;
  try {
    image = await normaliseImage(await buffer(stream), box);
  } catch (error) {
    if (error instanceof UploadRefusedError) throw refuse(error.message);
    throw error;
  }
  await storage.write(file.key, Readable.from([image.data]), { contentType: image.contentType });
  file.claim();
  return {
    key: file.key,
    name: `changelog-hero.${image.extension}`,
    content_type: image.contentType,
    size: image.info.size,
    width: image.info.width,
    height: image.info.height,
    uploaded_at: new Date().toISOString(),
  };
}
