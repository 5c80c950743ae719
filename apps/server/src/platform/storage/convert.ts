import { buffer as readAll } from 'node:stream/consumers';
import sharp from 'sharp';
import { conversionKey, type FileStorage } from './storage';
import type { Conversion, ConversionFormat } from './conversion';
import { openPdf, PdfReadError, renderPage } from './pdf-render';

/** A file that cannot be converted as asked (not an image or a PDF, no such page). */
export class ConversionError extends Error {}

export const FORMAT_TYPES: Record<ConversionFormat, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** The width a PDF page is drawn at when the conversion names none (about 150 dpi on A3). */
const DEFAULT_PAGE_WIDTH = 2480;
/** Decompression bombs: an image of more pixels than this is refused before it is decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

const isPdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * The stored copy of `key` converted as asked: made on first request, stored beside the
 * original's conversions, and reused after. Answers its key and type, or null when the
 * original is missing.
 */
export async function convertedCopy(
  storage: FileStorage,
  key: string,
  conversion: Conversion,
): Promise<{ key: string; contentType: string } | null> {
  const target = conversionKey(key, conversion);
  const head = await storage.read(key, { start: 0, end: 7 });
  if (!head) return null;
  const headBytes = await readAll(head);
  const pdf = isPdf(headBytes);
  const format: ConversionFormat =
    conversion.format ?? (pdf ? 'png' : await formatOf(storage, key));
  const contentType = FORMAT_TYPES[format];
  if ((await storage.size(target)) !== null) return { key: target, contentType };

  if (pdf) {
    const source = await storage.read(key);
    if (!source) return null;
    let page;
    try {
      const document = await openPdf(new Uint8Array(await readAll(source)));
      page = await renderPage(document, conversion.page ?? 1, {
        width: conversion.width ?? DEFAULT_PAGE_WIDTH,
      });
      await document.destroy();
    } catch (error) {
      if (error instanceof PdfReadError) throw new ConversionError(error.message);
      throw error;
    }
    const image = sharp(page.png).toFormat(format, format === 'png' ? {} : { quality: 85 });
    await storage.write(target, image, { contentType });
    return { key: target, contentType };
  }

  if (conversion.page && conversion.page > 1) {
    throw new ConversionError('Only a PDF has pages to convert.');
  }
  const source = await storage.read(key);
  if (!source) return null;
  const transform = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: conversion.width, withoutEnlargement: true })
    .toFormat(format, format === 'png' ? {} : { quality: 85 });
  const failed = new Promise<never>((_, reject) => {
    transform.once('error', () =>
      reject(new ConversionError('The file is not an image that can be converted.')),
    );
  });
  source.pipe(transform);
  await Promise.race([storage.write(target, transform, { contentType }), failed]);
  return { key: target, contentType };
}

/** The image's own format, kept when a conversion names only a width. */
async function formatOf(storage: FileStorage, key: string): Promise<ConversionFormat> {
  const source = await storage.read(key, { start: 0, end: 64 * 1024 - 1 });
  if (!source) return 'jpeg';
  try {
    const { format } = await sharp(await readAll(source)).metadata();
    if (format === 'png' || format === 'webp') return format;
    return 'jpeg';
  } catch {
    throw new ConversionError('The file is not an image that can be converted.');
  }
}
