import { REPORT_IMAGE_MAX_BYTES } from '@fieldwork/contract';
import { Readable } from 'node:stream';
import sharp, { type OutputInfo } from 'sharp';
import { validationFailure } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import type { FileStorage } from '../../platform/storage/storage';
import type { StoredImageRecord } from './options';

/** Formats accepted, recognised by their content (the file name and type sent are ignored). */
const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
/** Decompression bombs: an image of more pixels than this is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;

async function readAll(storage: FileStorage, key: string): Promise<Buffer> {
  const stream = await storage.read(key);
  if (!stream) throw new Error(`The upload ${key} is missing from storage`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
}

const refuse = (field: string, message: string, code = 'invalid_image') =>
  validationFailure([{ field, message, code }]);

/**
 * Checks an uploaded image by its content and replaces it, under its own upload key, with a
 * normalised copy: EXIF orientation applied, metadata removed, shrunk to fit the box (never
 * enlarged), PNG kept as PNG (logos need their transparency), anything else as JPEG. The upload
 * is then claimed: the request keeps it if it succeeds, and removes it if it fails.
 */
export async function normaliseImage(
  storage: FileStorage,
  file: UploadedFile,
  options: { field: string; box: { width: number; height: number }; baseName: string },
): Promise<StoredImageRecord> {
  if (file.size === 0) throw refuse(options.field, 'The file is empty.');
  if (file.size > REPORT_IMAGE_MAX_BYTES) {
    throw refuse(
      options.field,
      `An image may be at most ${REPORT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
      'too_big',
    );
  }
  const input = await readAll(storage, file.key);
  const decoder = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await decoder().metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) {
    throw refuse(options.field, 'Must be a PNG, JPEG or WebP image.');
  }
  const png = format === 'png';
  let output: { data: Buffer; info: OutputInfo };
  try {
    const pipeline = decoder().rotate().resize({
      width: options.box.width,
      height: options.box.height,
      fit: 'inside',
      withoutEnlargement: true,
    });
    output = await (
      png
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
  } catch {
    // a header that parses over a body that does not (truncated, corrupt, too many pixels)
    throw refuse(options.field, 'The image could not be read: it may be damaged or too large.');
  }
  await storage.write(file.key, Readable.from([output.data]));
  file.claim();
  return {
    key: file.key,
    name: `${options.baseName}.${png ? 'png' : 'jpg'}`,
    content_type: png ? 'image/png' : 'image/jpeg',
    size: output.info.size,
    width: output.info.width,
    height: output.info.height,
    uploaded_at: new Date().toISOString(),
  };
}
