import { openPdf, PdfReadError, renderPage } from '../storage/pdf-render';
import {
  defineUpload,
  UploadRefusedError,
  type ProcessingStep,
  type UploadKind,
} from './define-upload';

/** What a PDF upload's processing learns: its pages, and the first page's size in pixels. */
export interface PdfPagesResult extends Record<string, unknown> {
  pages: number;
  width: number;
  height: number;
}

/**
 * A PDF upload whose pages are rendered on the queue, each as `page-N.png` at `dpi` (a drawing's
 * sheets, a document's preview): one page in memory at a time.
 */
export function pdfPagesUpload(options: {
  name: string;
  dpi: number;
  maxBytes: number;
  maxPages?: number;
}): UploadKind<PdfPagesResult> {
  return defineUpload<PdfPagesResult>({
    name: options.name,
    accept: ['pdf'],
    acceptMessage: 'Must be a PDF.',
    maxBytes: options.maxBytes,
    processing: {
      runs: 'queue',
      failedMessage: 'The PDF could not be rendered; upload it again.',
      async run(_file, step) {
        const pdf = await openUploadedPdf(step);
        try {
          const pages = Math.min(pdf.numPages, options.maxPages ?? pdf.numPages);
          let first = { width: 0, height: 0 };
          for (let page = 1; page <= pages; page += 1) {
            const image = await renderPage(pdf, page, { dpi: options.dpi });
            if (page === 1) first = { width: image.width, height: image.height };
            await step.derive(`page-${page}.png`, image.png, 'image/png');
          }
          return { pages, ...first };
        } finally {
          await pdf.destroy();
        }
      },
    },
  });
}

/** The uploaded PDF opened for rendering; one that is not a readable PDF refuses the upload. */
export async function openUploadedPdf(step: ProcessingStep) {
  try {
    return await openPdf(new Uint8Array(await step.readAll()));
  } catch (error) {
    if (error instanceof PdfReadError) throw new UploadRefusedError(error.message);
    throw error;
  }
}
