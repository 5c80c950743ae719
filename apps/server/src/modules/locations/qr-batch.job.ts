import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';

const RETRIES = 3;

/** Labels on an A4 sheet: 3 across, 7 down, each a scannable QR image above its short code. */
const LABEL = { columns: 3, rows: 7, width: 170, height: 110, qr: 80, left: 42, top: 36 };

/** The address a label's QR image holds: the web app's qr/{code}, which routes the scanner. */
export const qrTarget = (webUrl: string, code: string) =>
  `${webUrl.replace(/\/$/, '')}/qr/${encodeURIComponent(code)}`;

/** The batch's CSV: one code a row with its address. */
export function qrCsv(codes: string[], webUrl: string) {
  return (
    ['code,url', ...codes.map((code) => `${code},${qrTarget(webUrl, code)}`)].join('\r\n') + '\r\n'
  );
}

/** The printable label sheet, page by page (one QR image in memory at a time). */
export async function qrLabelsPdf(codes: string[], webUrl: string): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: 0, info: { Title: 'QR code labels' } });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', resolve));
  const perPage = LABEL.columns * LABEL.rows;
  for (const [index, code] of codes.entries()) {
    if (index > 0 && index % perPage === 0) document.addPage({ size: 'A4', margin: 0 });
    const slot = index % perPage;
    const x = LABEL.left + (slot % LABEL.columns) * LABEL.width;
    const y = LABEL.top + Math.floor(slot / LABEL.columns) * LABEL.height;
    const png = await QRCode.toBuffer(qrTarget(webUrl, code), {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 240,
    });
    document.image(png, x + (LABEL.width - LABEL.qr) / 2, y, { width: LABEL.qr, height: LABEL.qr });
    document
      .font('Courier-Bold')
      .fontSize(12)
      .text(code, x, y + LABEL.qr + 4, { width: LABEL.width, align: 'center' });
  }
  document.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * Builds a batch's CSV and label sheet and stores them beside each other; the batch is then
 * generated (generated_at), or failed (failed_at, with the reason) once the retries are spent.
 * Safe to run twice: the files are written over and generated_at set once.
 */
export const generateQrBatchJob = defineJob({
  name: 'generate-qr-batch',
  payload: z.object({ batchId: z.string() }),
  retry: { limit: RETRIES, delaySeconds: 10, backoff: true },
  expireInSeconds: 600,
  async run({ batchId }, job) {
    const batch = await job.transaction(async (tx) => {
      const { rows } = await tx.query<{ organisation_id: string; generated_at: Date | null }>(
        `SELECT organisation_id, generated_at FROM qr_code_batches WHERE id = $1`,
        [batchId],
      );
      if (!rows[0]) return null;
      const { rows: codes } = await tx.query<{ code: string }>(
        `SELECT code FROM qr_codes WHERE batch_id = $1 ORDER BY created_at, code`,
        [batchId],
      );
      return { ...rows[0], codes: codes.map((row) => row.code) };
    });
    if (!batch || batch.generated_at) return { skipped: true };
    const webUrl = job.services.config.publicWebUrl;
    const base = `qr/${batch.organisation_id}/${batchId}`;
    try {
      const storage = job.services.storage;
      await storage.write(`${base}/codes.csv`, Readable.from([qrCsv(batch.codes, webUrl)]), {
        contentType: 'text/csv',
      });
      await job.progress(1, 2);
      const pdf = await qrLabelsPdf(batch.codes, webUrl);
      await storage.write(`${base}/labels.pdf`, Readable.from([pdf]), {
        contentType: 'application/pdf',
      });
      await job.transaction((tx) =>
        tx.query(
          `UPDATE qr_code_batches SET csv_key = $2, pdf_key = $3, generated_at = coalesce(generated_at, now()),
                  failed_at = NULL, error = NULL, updated_at = now()
            WHERE id = $1`,
          [batchId, `${base}/codes.csv`, `${base}/labels.pdf`],
        ),
      );
      await job.progress(2, 2);
      return { codes: batch.codes.length };
    } catch (error) {
      if (job.attempt > RETRIES) {
        await job.transaction((tx) =>
          tx.query(
            `UPDATE qr_code_batches SET failed_at = now(), error = $2, updated_at = now() WHERE id = $1`,
            [batchId, 'The labels could not be made; generate the batch again.'],
          ),
        );
      }
      throw error;
    }
  },
});
