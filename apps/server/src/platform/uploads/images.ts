import { REPORT_IMAGE_MAX_BYTES } from '@fieldwork/contract';
import sharp, { type OutputInfo } from 'sharp';
import type { OrganisationContext } from '../http/context';
import { removeStoredFilesAfterCommit } from '../storage/remove-files.job';
import type { UploadedFile } from '../http/multipart';
import { defineUpload, UploadRefusedError, type UploadKind } from './define-upload';
import { storeUpload } from './store';

/** Decompression bombs: an image of more pixels than this is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;

export interface Box {
  width: number;
  height: number;
}

/** A normalised image: its bytes and what they are. */
export interface NormalisedImage {
  data: Buffer;
  extension: 'png' | 'jpg';
  contentType: 'image/png' | 'image/jpeg';
  info: OutputInfo;
}

/**
 * An image made fit to show and print: EXIF orientation applied, metadata removed, shrunk to
 * fit the box (never enlarged), PNG kept as PNG (logos need their transparency), anything else
 * as JPEG. Throws UploadRefusedError for what does not decode.
 */
export async function normaliseImage(input: Buffer, box: Box): Promise<NormalisedImage> {
  const decoder = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await decoder().metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp') {
    throw new UploadRefusedError('Must be a PNG, JPEG or WebP image.');
  }
  const png = format === 'png';
  try {
    const pipeline = decoder()
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (
      png
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return png
      ? { data, info, extension: 'png', contentType: 'image/png' }
      : { data, info, extension: 'jpg', contentType: 'image/jpeg' };
  } catch {
    // a header that parses over a body that does not (truncated, corrupt, too many pixels)
    throw new UploadRefusedError('The image could not be read: it may be damaged or too large.');
  }
}

/** What an image kind's processing learns: the normalised copy's key and size. */
export interface BoxedImageResult extends Record<string, unknown> {
  key: string;
  extension: 'png' | 'jpg';
  content_type: string;
  size: number;
  width: number;
  height: number;
}

/**
 * An image upload normalised to a box in the request (a report logo, a cover image): small
 * enough that the answer shows it processed. The normalised copy is the file's derived `image`.
 */
export function boxedImageUpload(name: string, box: Box): UploadKind<BoxedImageResult> {
  return defineUpload<BoxedImageResult>({
    name,
    accept: ['png', 'jpeg', 'webp'],
    acceptMessage: 'Must be a PNG, JPEG or WebP image.',
    maxBytes: REPORT_IMAGE_MAX_BYTES,
    processing: {
      runs: 'request',
      async run(_file, step) {
        const image = await normaliseImage(await step.readAll(), box);
        const stored = await step.derive(`image.${image.extension}`, image.data, image.contentType);
        return {
          key: stored.key,
          extension: image.extension,
          content_type: image.contentType,
          size: image.info.size,
          width: image.info.width,
          height: image.info.height,
        };
      },
    },
  });
}

/**
 * Removes a stored file's record once it is replaced or removed: its bytes and what was derived
 * from them go once the change has committed (stored_file_removals).
 */
export async function discardStoredFile(ctx: OrganisationContext, fileId: string) {
  await ctx.db.query('DELETE FROM stored_files WHERE organisation_id = $1 AND id = $2', [
    ctx.organisationId,
    fileId,
  ]);
  await removeStoredFilesAfterCommit(ctx);
}

/** An image as a record keeps it (organisation options, a project's cover image). */
export interface StoredImage {
  /** The upload's stored-file record; removed with the image. */
  file_id: string;
  /** The normalised copy's storage key: never leaves the server (answers carry a signed url). */
  key: string;
  name: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  uploaded_at: string;
}

/** Stores an uploaded image of a boxed kind and answers it as records keep it. */
export async function storeBoxedImage(
  ctx: OrganisationContext,
  kind: UploadKind<BoxedImageResult>,
  file: UploadedFile,
  options: { field: string; baseName: string },
): Promise<StoredImage> {
  const stored = await storeUpload(ctx, kind, file, { field: options.field });
  const image = stored.metadata as BoxedImageResult;
  return {
    file_id: stored.id,
    key: image.key,
    name: `${options.baseName}.${image.extension}`,
    content_type: image.content_type,
    size: image.size,
    width: image.width,
    height: image.height,
    uploaded_at: new Date().toISOString(),
  };
}

/** Removes a replaced or removed image: its record, or (stored before records) its file. */
export async function discardImage(
  ctx: OrganisationContext,
  image: Pick<StoredImage, 'key'> & { file_id?: string },
) {
  if (image.file_id) await discardStoredFile(ctx, image.file_id);
  else ctx.afterCommit(() => ctx.services.storage.remove(image.key));
}
