import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/** A generated PDF of `pages` A4 pages, each saying its number. */
export async function generatedPdf(pages = 1, title = 'Method statement'): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', resolve));
  for (let page = 0; page < pages; page += 1) {
    if (page > 0) document.addPage();
    document.fontSize(20).text(`${title}, page ${page + 1}`);
    document.fontSize(11).text('Read every step before starting work on site. '.repeat(20));
  }
  document.end();
  await done;
  return Buffer.concat(chunks);
}

/** A drawn signature as a PNG data URL. */
export async function signaturePng(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100">
    <path d="M10 80 C 60 10, 90 10, 120 60 S 200 90, 290 20" stroke="black" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
