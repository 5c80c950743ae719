import { buffer as readAll } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import type { OrganisationContext } from '../../../platform/http/context';
import { convertedCopy } from '../../../platform/storage/convert';

/** A4 in points, with the margins every page keeps (the header and footer sit inside them). */
export const PAGE = { width: 595.28, height: 841.89, margin: 50 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const GREY = '#666666';

/**
 * A report's PDF as it is drawn: pdfkit writes each page out when the next begins, so `drain()`
 * hands over the bytes made so far and nothing but the current page stays in memory. Every page
 * gets the running header and its number.
 */
export class ReportPdf {
  readonly doc: PDFKit.PDFDocument;
  private chunks: Buffer[] = [];
  private ended: Promise<void>;
  private pageNumber = 0;

  constructor(
    readonly ctx: OrganisationContext,
    private header: string,
    title: string,
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      bufferPages: false,
      autoFirstPage: false,
      info: { Title: title, Creator: 'Fieldwork' },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.once('end', resolve);
      this.doc.once('error', reject);
    });
    this.doc.on('pageAdded', () => this.decorate());
  }

  /** The bytes written since the last drain. */
  *drain(): Generator<Buffer> {
    while (this.chunks.length) yield this.chunks.shift()!;
  }

  async *finish(): AsyncGenerator<Buffer> {
    this.doc.end();
    await this.ended;
    yield* this.drain();
  }

  addPage() {
    this.doc.addPage();
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number) {
    if (this.doc.y + height > PAGE.height - PAGE.margin) this.addPage();
  }

  private decorate() {
    this.pageNumber += 1;
    const { doc } = this;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.save();
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(this.header, PAGE.margin, 24, { width: CONTENT_WIDTH, lineBreak: false });
    doc.text(`Page ${this.pageNumber}`, PAGE.margin, PAGE.height - 34, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc
      .moveTo(PAGE.margin, 36)
      .lineTo(PAGE.width - PAGE.margin, 36)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    doc.restore();
    doc.page.margins.bottom = bottom;
    doc.fillColor('black').font('Helvetica').fontSize(10);
    doc.x = PAGE.margin;
    doc.y = PAGE.margin;
  }

  heading(text: string, size = 14) {
    this.ensure(size * 3);
    this.doc.moveDown(0.5).font('Helvetica-Bold').fontSize(size).fillColor('black');
    this.doc.text(text, PAGE.margin, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.font('Helvetica').fontSize(10).moveDown(0.3);
  }

  /** A label and its value side by side (the value wraps in its column). */
  pair(label: string, value: string) {
    const { doc } = this;
    const labelWidth = 170;
    const valueWidth = CONTENT_WIDTH - labelWidth - 10;
    doc.font('Helvetica').fontSize(10);
    const height = Math.max(
      doc.heightOfString(label, { width: labelWidth }),
      doc.heightOfString(value || '—', { width: valueWidth }),
    );
    this.ensure(height + 4);
    const y = doc.y;
    doc.fillColor(GREY).text(label, PAGE.margin, y, { width: labelWidth });
    doc.fillColor('black').text(value || '—', PAGE.margin + labelWidth + 10, y, {
      width: valueWidth,
    });
    doc.x = PAGE.margin;
    doc.y = y + height + 4;
  }

  line(text: string, options: { bold?: boolean; size?: number; color?: string } = {}) {
    const { doc } = this;
    doc
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? 'black');
    this.ensure(doc.heightOfString(text, { width: CONTENT_WIDTH }) + 2);
    doc.text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.font('Helvetica').fontSize(10).fillColor('black');
  }

  /** A table row of cells at fixed widths (a header row in bold), starting a page when full. */
  row(cells: string[], widths: number[], bold = false) {
    const { doc } = this;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height =
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell || '—', { width: widths[i]! - 6 })),
      ) + 6;
    this.ensure(height);
    const y = doc.y;
    let x = PAGE.margin;
    cells.forEach((cell, i) => {
      doc.text(cell || '—', x + 3, y + 3, { width: widths[i]! - 6 });
      x += widths[i]!;
    });
    doc
      .moveTo(PAGE.margin, y + height)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y + height)
      .lineWidth(0.3)
      .strokeColor('#dddddd')
      .stroke();
    doc.x = PAGE.margin;
    doc.y = y + height;
    doc.font('Helvetica').fontSize(10);
  }

  /**
   * A stored image as JPEG bytes at `width` pixels, from its converted copy (made once and kept
   * beside the file): never the upload itself. Null when it is gone or is not an image.
   */
  async imageBytes(key: string, width: number): Promise<Buffer | null> {
    const storage = this.ctx.services.storage;
    try {
      const copy = await convertedCopy(storage, key, { width, format: 'jpeg' });
      if (!copy) return null;
      const stream = await storage.read(copy.key);
      return stream ? await readAll(stream) : null;
    } catch {
      return null;
    }
  }
}
