import { buffer } from 'node:stream/consumers';
import { LOCATION_STATUS_COLOR_HEX, type LocationStatusColor } from '@fieldwork/contract';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { notFound } from '../../../platform/errors';
import type { OrganisationContext } from '../../../platform/http/context';
import { brandingOf } from '../source';

/** The sheet: A1 (points), the picture fitted beside a legend column. */
const A1 = { long: 2384, short: 1684 };
const MARGIN = 36;
const HEADER = 70;
const LEGEND = 320;
const PIN = 11;
/** The picture is embedded at most this wide (print resolution for an A1 sheet). */
const PRINT_WIDTH = 7000;

interface Pin {
  number: number;
  top: number;
  left: number;
  status_id: string;
}
interface Status {
  id: string;
  name: string;
  color: LocationStatusColor;
  icon: string;
  count: number;
}

/** A status icon drawn in white inside its pin: pies by twelfths, marks, or a dot. */
function drawIcon(doc: PDFKit.PDFDocument, icon: string, x: number, y: number, r: number) {
  doc.save().lineWidth(1.6).strokeColor('#ffffff').fillColor('#ffffff');
  const pie = /^pie-(\d+)$/.exec(icon);
  if (pie || icon === 'pie-full') {
    const twelfths = icon === 'pie-full' ? 12 : Number(pie![1]);
    const end = -Math.PI / 2 + (twelfths / 12) * 2 * Math.PI;
    if (twelfths >= 12) doc.circle(x, y, r).fill();
    else {
      doc.moveTo(x, y).lineTo(x, y - r);
      const steps = Math.max(2, twelfths * 2);
      for (let i = 1; i <= steps; i++) {
        const angle = -Math.PI / 2 + (i / steps) * (end + Math.PI / 2);
        doc.lineTo(x + r * Math.cos(angle), y + r * Math.sin(angle));
      }
      doc.closePath().fill();
    }
  } else if (icon === 'tick') {
    doc
      .moveTo(x - r, y)
      .lineTo(x - r / 3, y + r * 0.7)
      .lineTo(x + r, y - r * 0.7)
      .stroke();
  } else if (icon === 'cross') {
    doc
      .moveTo(x - r, y - r)
      .lineTo(x + r, y + r)
      .moveTo(x + r, y - r)
      .lineTo(x - r, y + r)
      .stroke();
  } else if (icon === 'plus') {
    doc
      .moveTo(x - r, y)
      .lineTo(x + r, y)
      .moveTo(x, y - r)
      .lineTo(x, y + r)
      .stroke();
  } else if (icon === 'dash') {
    doc
      .moveTo(x - r, y)
      .lineTo(x + r, y)
      .stroke();
  } else if (icon === 'pie-empty' || icon === 'donut' || icon === 'pie-dashed') {
    doc.circle(x, y, r).stroke();
  } else {
    doc.circle(x, y, r / 2.5).fill();
  }
  doc.restore();
}

/**
 * A drawing at print resolution on an A1 sheet with every pin coloured and iconed by its
 * location's status and numbered, a legend of the project's statuses with their counts, and the
 * organisation's report options (company name, address, contact) in the header.
 */
export async function* drawingPdf(
  ctx: OrganisationContext,
  drawingId: string,
  progress: (done: number, total?: number | null) => Promise<void>,
): AsyncIterable<Buffer> {
  const { rows } = await ctx.db.query<{
    name: string;
    image_key: string | null;
    project_id: string;
    level: string;
    block: string;
  }>(
    `SELECT d.name, d.image_key, b.project_id, l.name AS level, b.name AS block FROM drawings d
       JOIN levels l ON l.organisation_id = d.organisation_id AND l.id = d.level_id
       JOIN blocks b ON b.organisation_id = l.organisation_id AND b.id = l.block_id
      WHERE d.organisation_id = $1 AND d.id = $2 AND d.deleted_at IS NULL`,
    [ctx.organisationId, drawingId],
  );
  const drawing = rows[0];
  if (!drawing?.image_key) throw notFound('Drawing');
  const stream = await ctx.services.storage.read(drawing.image_key);
  if (!stream) throw notFound('Drawing');
  const image = await sharp(await buffer(stream), { limitInputPixels: 200_000_000 })
    .resize({ width: PRINT_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  await progress(1, 3);
  const { rows: pins } = await ctx.db.query<Pin>(
    `SELECT number, drawing_pos_top AS top, drawing_pos_left AS left, status_id FROM locations
      WHERE organisation_id = $1 AND drawing_id = $2 AND drawing_pos_top IS NOT NULL
      ORDER BY number`,
    [ctx.organisationId, drawingId],
  );
  const { rows: statuses } = await ctx.db.query<Status>(
    `SELECT s.id, s.name, s.color, s.icon,
            (SELECT count(*)::int FROM locations l WHERE l.organisation_id = s.organisation_id
                AND l.drawing_id = $3 AND l.status_id = s.id) AS count
       FROM location_statuses s WHERE s.organisation_id = $1 AND s.project_id = $2
      ORDER BY s."order", s.id`,
    [ctx.organisationId, drawing.project_id, drawingId],
  );
  const byId = new Map(statuses.map((status) => [status.id, status]));
  const brand = await brandingOf(ctx);
  await progress(2, 3);

  const landscape = image.info.width >= image.info.height;
  const page = landscape ? [A1.long, A1.short] : [A1.short, A1.long];
  const doc = new PDFDocument({
    size: page,
    margin: 0,
    info: { Title: `${drawing.name} – ${drawing.block}, ${drawing.level}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));

  doc.font('Helvetica-Bold').fontSize(22).fillColor('#000000');
  doc.text(drawing.name, MARGIN, MARGIN, { continued: false });
  doc.font('Helvetica').fontSize(12).fillColor('#444444');
  doc.text(
    [
      brand.companyName,
      `${drawing.block} · ${drawing.level}`,
      brand.address,
      brand.telephone,
      brand.email,
    ]
      .filter(Boolean)
      .join('   ·   '),
    MARGIN,
    MARGIN + 28,
  );
  const area = {
    x: MARGIN,
    y: MARGIN + HEADER,
    w: page[0]! - 2 * MARGIN - LEGEND,
    h: page[1]! - 2 * MARGIN - HEADER,
  };
  const scale = Math.min(area.w / image.info.width, area.h / image.info.height);
  const w = image.info.width * scale;
  const h = image.info.height * scale;
  doc.image(image.data, area.x, area.y, { width: w, height: h });
  doc.rect(area.x, area.y, w, h).lineWidth(0.5).strokeColor('#999999').stroke();
  for (const pin of pins) {
    const status = byId.get(pin.status_id);
    const x = area.x + pin.left * w;
    const y = area.y + pin.top * h;
    doc
      .circle(x, y, PIN)
      .fillColor(LOCATION_STATUS_COLOR_HEX[status?.color ?? 'grey'])
      .fill();
    drawIcon(doc, status?.icon ?? 'status', x, y, PIN * 0.55);
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#000000')
      .text(String(pin.number), x + PIN + 2, y - 5, { lineBreak: false });
  }
  // The legend: each status with its pins' count.
  const legendX = page[0]! - MARGIN - LEGEND + 24;
  let y = MARGIN + HEADER;
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000').text('Legend', legendX, y);
  y += 30;
  for (const status of statuses) {
    doc
      .circle(legendX + PIN, y + PIN, PIN)
      .fillColor(LOCATION_STATUS_COLOR_HEX[status.color])
      .fill();
    drawIcon(doc, status.icon, legendX + PIN, y + PIN, PIN * 0.55);
    doc
      .font('Helvetica')
      .fontSize(13)
      .fillColor('#000000')
      .text(`${status.name} (${status.count})`, legendX + 2 * PIN + 10, y + 4, {
        width: LEGEND - 60,
      });
    y += 32;
  }
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#444444')
    .text(
      `${pins.length} location${pins.length === 1 ? '' : 's'} on this drawing`,
      legendX,
      y + 10,
    );
  doc.end();
  await ended;
  await progress(3, 3);
  yield Buffer.concat(chunks);
}
