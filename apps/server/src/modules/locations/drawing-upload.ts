import sharp from 'sharp';
import type { Queryable } from '../../platform/db/queryable';
import { renderPage } from '../../platform/storage/pdf-render';
import {
  defineUpload,
  openUploadedPdf,
  UploadRefusedError,
  type ProcessingStep,
} from '../../platform/uploads';

/** A drawing sheet is large: an A0 PDF of vector lines, or a scan. */
export const DRAWING_MAX_BYTES = 20 * 1024 * 1024;
/** A PDF's page is drawn at this resolution (capped by the renderer's pixel limit). */
export const DRAWING_RENDER_DPI = 200;
/** Pictures larger than this many pixels are refused before they are decoded. */
const MAX_IMAGE_PIXELS = 100_000_000;

export interface DrawingPicture extends Record<string, unknown> {
  width: number;
  height: number;
  image_key: string;
  image_content_type: string;
}

/** What the upload's picture is: the rendered first page of a PDF, or the image itself. */
async function pictureOf(
  file: { key: string; content_type: string },
  step: ProcessingStep,
): Promise<DrawingPicture> {
  if (file.content_type === 'application/pdf') {
    const pdf = await openUploadedPdf(step);
    try {
      const page = await renderPage(pdf, 1, { dpi: DRAWING_RENDER_DPI });
      const image = await step.derive('page-1.png', page.png, 'image/png');
      return {
        width: page.width,
        height: page.height,
        image_key: image.key,
        image_content_type: 'image/png',
      };
    } finally {
      await pdf.destroy();
    }
  }
  let metadata;
  try {
    metadata = await sharp(await step.readAll(), {
      limitInputPixels: MAX_IMAGE_PIXELS,
      failOn: 'error',
    }).metadata();
  } catch {
    throw new UploadRefusedError('The image could not be read: it may be damaged or too large.');
  }
  if (!metadata.width || !metadata.height) {
    throw new UploadRefusedError('The image has no size.');
  }
  return {
    width: metadata.width,
    height: metadata.height,
    image_key: file.key,
    image_content_type: file.content_type,
  };
}

/**
 * A drawing or pending drawing (field-work §3): a PDF, whose first page the queue renders to a
 * high-resolution PNG, or an image. When READY, every drawing, pending drawing or replacement
 * that names the upload takes its picture and size in the same transaction.
 */
export const drawingUpload = defineUpload<DrawingPicture>({
  name: 'drawing',
  accept: ['pdf', 'png', 'jpeg', 'webp'],
  acceptMessage: 'Must be a PDF, or a PNG, JPEG or WebP image.',
  maxBytes: DRAWING_MAX_BYTES,
  processing: {
    runs: 'queue',
    failedMessage: 'The drawing could not be read; upload it again.',
    run: (file, step) => pictureOf(file, step),
    onReady: (tx, file, picture) => applyPicture(tx, file.id, picture),
    async onFailed(tx, file, reason) {
      await tx.query(
        `UPDATE drawings SET status = 'FAILED', error = $2, updated_at = now()
          WHERE stored_file_id = $1 AND status = 'PROCESSING'`,
        [file.id, reason],
      );
      await tx.query(
        `UPDATE pending_drawings SET status = 'FAILED', error = $2, updated_at = now()
          WHERE stored_file_id = $1 AND status = 'PROCESSING'`,
        [file.id, reason],
      );
      // A failed replacement leaves the drawing's picture as it was, saying why.
      await tx.query(
        `UPDATE drawings SET replacement_file_id = NULL, error = $2, updated_at = now()
          WHERE replacement_file_id = $1`,
        [file.id, reason],
      );
    },
  },
});

/** Gives the picture to whatever names the upload; false when nothing does any more. */
async function applyPicture(tx: Queryable, fileId: string, picture: DrawingPicture) {
  const values = [
    fileId,
    picture.width,
    picture.height,
    picture.image_key,
    picture.image_content_type,
  ];
  const set = `width = $2, height = $3, image_key = $4, image_content_type = $5, status = 'READY',
               error = NULL, updated_at = now()`;
  const drawings = await tx.query(
    `UPDATE drawings SET ${set} WHERE stored_file_id = $1 RETURNING id`,
    values,
  );
  const pending = await tx.query(
    `UPDATE pending_drawings SET ${set} WHERE stored_file_id = $1 RETURNING id`,
    values,
  );
  // A replacement: the drawing takes the new file; pins are fractions of the picture, so each
  // stays at the same place proportionally. The old upload goes (its bytes after the commit).
  const { rows: replaced } = await tx.query<{
    organisation_id: string;
    old_file_id: string | null;
  }>(
    `UPDATE drawings d SET stored_file_id = $1, replacement_file_id = NULL, ${set}
       FROM (SELECT id, stored_file_id AS old_file_id FROM drawings
              WHERE replacement_file_id = $1 FOR UPDATE) o
      WHERE d.id = o.id
      RETURNING d.organisation_id, o.old_file_id`,
    values,
  );
  const old = replaced.map((row) => row.old_file_id).filter((id): id is string => !!id);
  if (old.length) {
    await tx.query(
      `DELETE FROM stored_files f WHERE f.id = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM drawings d WHERE d.stored_file_id = f.id
                             OR d.replacement_file_id = f.id)
          AND NOT EXISTS (SELECT 1 FROM pending_drawings p WHERE p.stored_file_id = f.id)`,
      [old],
    );
  }
  return drawings.rows.length + pending.rows.length + replaced.length > 0;
}
