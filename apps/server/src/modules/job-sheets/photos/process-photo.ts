import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { sha256Tap } from './content-hash';
import { sniffType, type SniffedType } from '../../../platform/uploads';
import { dHashOf, dHashPixels } from './perceptual-hash';

/** Formats this server decodes. HEIC is recognised but refused: sharp's prebuilt libvips has no HEVC decoder. */
export const DECODABLE_TYPES: ReadonlySet<SniffedType> = new Set(['jpeg', 'png', 'webp', 'avif']);
/** Decompression bombs: more pixels than this are refused before decoding (a 100 MP camera fits). */
export const MAX_INPUT_PIXELS = 120_000_000;
/** The longest side of the copy shown in the app; larger photos are shrunk to it. */
export const DISPLAY_MAX_SIDE = 2560;
export const THUMBNAIL_MAX_SIDE = 400;
/** Types a browser shows as they are; others get a display copy even when upright and small. */
const SHOWN_AS_IS = new Set<SniffedType>(['jpeg', 'png', 'webp']);

/** Why a photo cannot be processed, in words for the person who took it (stored as `error`). */
export class PhotoProcessingError extends Error {}

export interface ProcessedImage {
  width: number;
  height: number;
  /** SHA-256 of the bytes as uploaded, hex. */
  cHash: string;
  /** dHash of the upright picture (see perceptual-hash.ts). */
  pHash: bigint;
  /** The upright copy to show, or null when the upload already is one. */
  display: { data: Buffer; contentType: string; extension: string } | null;
  thumbnail: Buffer;
}

/** Reads a stream to its end, hashing it on the way, refusing more than maxBytes. */
async function readHashed(source: Readable, maxBytes: number) {
  const { tap, digest } = sha256Tap();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source.pipe(tap) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      source.destroy();
      throw new PhotoProcessingError(`The photo is larger than ${maxBytes / 1024 / 1024} MB.`);
    }
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks, size), cHash: digest() };
}

const decoder = (bytes: Buffer) =>
  sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });

/**
 * Everything the queue job learns from an uploaded photo: its content hash, then (sharp's work,
 * on libuv's threads, one step after another so one photo never holds more than one of them)
 * the upright size, a display copy when needed, a thumbnail and the perceptual hash.
 */
export async function processImage(source: Readable, maxBytes: number): Promise<ProcessedImage> {
  const { bytes, cHash } = await readHashed(source, maxBytes);
  const type = await sniffType(bytes, true);
  if (type === 'heic') {
    throw new PhotoProcessingError(
      'HEIC photos cannot be read here; set the camera to "Most compatible" (JPEG) and retake.',
    );
  }
  if (!type || !DECODABLE_TYPES.has(type)) {
    throw new PhotoProcessingError('The file is not a JPEG, PNG, WebP or AVIF image.');
  }
  try {
    const metadata = await decoder(bytes).metadata();
    const oriented = (metadata.orientation ?? 1) > 1;
    const { width, height } = metadata.autoOrient;
    const large = Math.max(width, height) > DISPLAY_MAX_SIDE;
    const display =
      oriented || large || !SHOWN_AS_IS.has(type) ? await displayCopy(bytes, type) : null;
    const upright = display?.data ?? bytes;
    const size = display ? await decoder(display.data).metadata() : { width, height };
    const thumbnail = await decoder(upright)
      .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
    const pHash = dHashOf(await dHashPixels(decoder(thumbnail)));
    return { width: size.width, height: size.height, cHash, pHash, display, thumbnail };
  } catch (error) {
    if (error instanceof PhotoProcessingError) throw error;
    // a header that parses over a body that does not: truncated, corrupt, too many pixels
    throw new PhotoProcessingError('The photo could not be read: it may be damaged or too large.');
  }
}

/** Turned upright (EXIF orientation applied) and shrunk to DISPLAY_MAX_SIDE; PNG stays PNG. */
async function displayCopy(bytes: Buffer, type: SniffedType) {
  const pipeline = decoder(bytes)
    .rotate()
    .resize(DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  if (type === 'png') {
    return { data: await pipeline.png().toBuffer(), contentType: 'image/png', extension: 'png' };
  }
  const data = await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
  return { data, contentType: 'image/jpeg', extension: 'jpg' };
}
