import { z } from 'zod';

/** Image formats a conversion may produce. */
export const CONVERSION_FORMATS = ['webp', 'png', 'jpeg'] as const;
export type ConversionFormat = (typeof CONVERSION_FORMATS)[number];

/**
 * A converted copy of a stored file: an image at a maximum width and/or in another format, or
 * one page of a PDF as an image. Produced once on first download, stored, and reused.
 */
export interface Conversion {
  /** The largest width in pixels (never enlarged). */
  width?: number;
  format?: ConversionFormat;
  /** A PDF's page, from 1. */
  page?: number;
}

export const MAX_CONVERSION_WIDTH = 8000;

/** The spec's optional conversion query (`?width=800&format=webp&page=2`) on file routes. */
export const conversionQuerySchema = z
  .object({
    width: z.coerce.number().int().min(16).max(MAX_CONVERSION_WIDTH).optional(),
    format: z.enum(CONVERSION_FORMATS).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  })
  .strict();

const CANONICAL = /^(?:p(\d{1,5}))?(?:w(\d{1,4}))?(?:\.(webp|png|jpeg))?$/;

/** One spelling per conversion (`p2w800.webp`): the stored copy's name and the signed value. */
export function canonicalConversion(conversion: Conversion): string {
  return [
    conversion.page ? `p${conversion.page}` : '',
    conversion.width ? `w${conversion.width}` : '',
    conversion.format ? `.${conversion.format}` : '',
  ].join('');
}

export function parseCanonicalConversion(text: string): Conversion | null {
  const match = CANONICAL.exec(text);
  if (!text || !match) return null;
  const [, page, width, format] = match;
  const conversion: Conversion = {};
  if (page) conversion.page = Number(page);
  if (width) conversion.width = Number(width);
  if (format) conversion.format = format as ConversionFormat;
  if (
    conversion.width !== undefined &&
    (conversion.width < 16 || conversion.width > MAX_CONVERSION_WIDTH)
  )
    return null;
  return conversion;
}

/** A conversion from a route's query, or undefined when it asks for none. */
export function conversionOf(
  query: z.output<typeof conversionQuerySchema>,
): Conversion | undefined {
  const conversion: Conversion = {};
  if (query.width) conversion.width = query.width;
  if (query.format) conversion.format = query.format;
  if (query.page) conversion.page = query.page;
  return Object.keys(conversion).length ? conversion : undefined;
}
