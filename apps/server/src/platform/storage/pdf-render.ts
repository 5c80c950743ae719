import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * PDF pages rendered to images with pdf.js (Apache-2.0) drawing on @napi-rs/canvas (MIT), both
 * installed from the npm registry with their prebuilt binaries: no system package is needed.
 */

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** The 14 standard fonts, for PDFs that name them without embedding them. */
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`;
const cMapUrl = `${join(pdfjsRoot, 'cmaps')}/`;

/** The largest page rendered, in pixels (an A0 sheet at 150 dpi is 35 million). */
export const MAX_RENDER_PIXELS = 40_000_000;

export class PdfReadError extends Error {}

export async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  // loaded on first use: pdf.js is large, and most processes never render a page
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  try {
    return await getDocument({
      data,
      standardFontDataUrl,
      cMapUrl,
      cMapPacked: true,
      isEvalSupported: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    throw new PdfReadError(
      `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** A page's size in PDF points (1/72 inch). */
export async function pageSize(pdf: PDFDocumentProxy, pageNumber: number) {
  const page = await pdf.getPage(pageNumber);
  const { width, height } = page.getViewport({ scale: 1 });
  page.cleanup();
  return { width, height };
}

/**
 * Renders one page (from 1) as a PNG at the given resolution (dots per inch) or width in pixels,
 * whichever is given; the canvas is released before the next page is drawn.
 */
export async function renderPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  size: { dpi: number } | { width: number },
): Promise<{ png: Buffer; width: number; height: number }> {
  if (pageNumber < 1 || pageNumber > pdf.numPages) {
    throw new PdfReadError(`The PDF has ${pdf.numPages} page(s); there is no page ${pageNumber}.`);
  }
  const page = await pdf.getPage(pageNumber);
  try {
    const base = page.getViewport({ scale: 1 });
    let scale = 'dpi' in size ? size.dpi / 72 : size.width / base.width;
    const pixels = base.width * base.height * scale * scale;
    if (pixels > MAX_RENDER_PIXELS) scale *= Math.sqrt(MAX_RENDER_PIXELS / pixels);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const factory = pdf.canvasFactory as {
      create(width: number, height: number): { canvas: unknown; context: unknown };
      destroy(pair: { canvas: unknown; context: unknown }): void;
    };
    const pair = factory.create(width, height);
    const context = pair.context as {
      fillStyle: string;
      fillRect(x: number, y: number, width: number, height: number): void;
    };
    // Drawings are printed on white; a transparent page background would show as black in JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // pdf.js's types name the DOM's canvas; in Node its own factory made a @napi-rs/canvas one.
    const parameters = { canvas: pair.canvas, canvasContext: context, viewport };
    await page.render(parameters).promise;
    const png = (pair.canvas as { toBuffer(type: 'image/png'): Buffer }).toBuffer('image/png');
    factory.destroy(pair);
    return { png, width, height };
  } finally {
    page.cleanup();
  }
}
