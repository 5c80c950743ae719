import { scoreText, type ReportContent } from '@fieldwork/contract';
import type { BuildProgress } from '../../../platform/builds';
import type { OrganisationContext } from '../../../platform/http/context';
import {
  DECISION_LABELS,
  INPUT_TYPE_LABELS,
  MEASURES,
  SHEET_STATUS_LABELS,
  formatNumber,
} from '../labels';
import {
  brandingOf,
  countSheets,
  projectHeaders,
  reportSheets,
  type Branding,
  type ProjectHeader,
  type ReportAnswer,
  type ReportPhoto,
  type ReportSheet,
} from '../source';
import { CONTENT_WIDTH, PAGE, ReportPdf } from './document';

/** What a PDF report is of: its title, the cover's lines and the sheets' list query. */
export interface PdfReportSpec {
  title: string;
  /** Lines under the title on the cover (the job, the period). */
  details: Array<[string, string]>;
  projectId: string | null;
  query: string;
  content: ReportContent;
}

/** Photo layout per size: how many a row and the display copy's width in pixels. */
/**
 * Photos per row and the width they are converted to: about 170 dpi at each size on A4 (a cell
 * of 120, 250 or 515 points), sharp in print without carrying pixels nobody sees. Converting is
 * most of a cold report's time, and decoding the display copy half of that.
 */
const PHOTO_LAYOUT = {
  SMALL: { perRow: 4, pixels: 300 },
  MEDIUM: { perRow: 2, pixels: 600 },
  LARGE: { perRow: 1, pixels: 1200 },
} as const;

/**
 * A branded PDF of job sheets: cover, summary table, then each sheet (answers in form order as
 * the fields' pdf_report_visibility says, photos from their display copies, signatures,
 * materials, approval trail). Streamed page by page; one photo in memory at a time.
 */
export async function* jobSheetsPdf(
  ctx: OrganisationContext,
  spec: PdfReportSpec,
  progress: BuildProgress,
): AsyncGenerator<Buffer> {
  const brand = await brandingOf(ctx);
  const total = await countSheets(ctx, spec.query);
  progress(0, total, `Writing ${total} job sheets`);
  const pdf = new ReportPdf(ctx, `${brand.companyName} · ${spec.title}`, spec.title);
  const projects = new Map<string, ProjectHeader>();
  const projectOf = async (id: string) => {
    if (!projects.has(id)) {
      const found = await projectHeaders(ctx, [id]);
      projects.set(
        id,
        found.get(id) ?? ({ id, name: '', approvalsShowOnReport: false } as ProjectHeader),
      );
    }
    return projects.get(id)!;
  };
  const cover = spec.projectId ? await projectOf(spec.projectId) : null;
  await drawCover(pdf, brand, spec, cover, total);
  yield* pdf.drain();

  pdf.addPage();
  pdf.heading('Summary');
  const widths = [60, 150, 110, 80, CONTENT_WIDTH - 400];
  pdf.row(['Sheet', 'Form', 'Operative', 'Status', 'Submitted'], widths, true);
  for await (const sheets of reportSheets(ctx, spec.query, brand.dates)) {
    for (const sheet of sheets)
      pdf.row(
        [
          `#${sheet.number}`,
          sheet.formName ?? '',
          sheet.operativeName ?? '',
          SHEET_STATUS_LABELS[sheet.status],
          brand.dates.dateTime(sheet.submittedAt),
        ],
        widths,
      );
    yield* pdf.drain();
  }
  if (total === 0) pdf.line('No job sheets match this report.', { color: '#666666' });

  let done = 0;
  let first = true;
  for await (const sheets of reportSheets(ctx, spec.query, brand.dates)) {
    const photoBytes = photoReader(pdf, sheets, spec.content);
    for (const sheet of sheets) {
      if (spec.content.one_sheet_per_page || first) pdf.addPage();
      else pdf.ensure(120);
      first = false;
      await drawSheet(
        pdf,
        brand,
        sheet,
        await projectOf(sheet.projectId),
        spec.content,
        photoBytes,
      );
      yield* pdf.drain();
      done += 1;
      progress(done, total);
    }
  }
  yield* pdf.finish();
}

async function drawCover(
  pdf: ReportPdf,
  brand: Branding,
  spec: PdfReportSpec,
  project: ProjectHeader | null,
  total: number,
) {
  pdf.addPage();
  const { doc } = pdf;
  if (brand.logoKey) {
    const logo = await pdf.imageBytes(brand.logoKey, 600);
    if (logo) {
      doc.image(logo, PAGE.margin, PAGE.margin, { fit: [180, 70] });
      doc.y = PAGE.margin + 80;
    }
  }
  pdf.line(brand.companyName, { bold: true, size: 16 });
  for (const line of [brand.address, brand.telephone, brand.email])
    if (line) pdf.line(line, { color: '#444444' });
  doc.moveDown(2);
  pdf.line(spec.title, { bold: true, size: 24 });
  doc.moveDown(0.5);
  if (project) {
    pdf.pair('Project', [project.name, project.reference].filter(Boolean).join(' · '));
    pdf.pair('Client', project.clientName ?? '');
    if (project.siteAddress) pdf.pair('Site', project.siteAddress);
  }
  for (const [label, value] of spec.details) pdf.pair(label, value);
  pdf.pair('Job sheets', String(total));
  pdf.pair('Prepared', brand.dates.dateTime(new Date()));
  if (project?.coverKey) {
    const cover = await pdf.imageBytes(project.coverKey, 1200);
    if (cover) {
      doc.moveDown(1);
      const top = doc.y;
      const room = PAGE.height - PAGE.margin - top - 10;
      if (room > 120)
        doc.image(cover, PAGE.margin, top, { fit: [CONTENT_WIDTH, room], align: 'center' });
    }
  }
}

async function drawSheet(
  pdf: ReportPdf,
  brand: Branding,
  sheet: ReportSheet,
  project: ProjectHeader,
  content: ReportContent,
  photoBytes: PhotoBytes,
) {
  const { dates } = brand;
  pdf.heading(`Job sheet #${sheet.number}${sheet.formName ? ` · ${sheet.formName}` : ''}`);
  pdf.pair('Project', project.name);
  pdf.pair(
    'Job',
    sheet.jobNumber === null ? '' : `Job #${sheet.jobNumber}, sheet ${sheet.seqNumber}`,
  );
  pdf.pair('Status', SHEET_STATUS_LABELS[sheet.status]);
  pdf.pair('Operative', sheet.operativeName ?? '');
  if (brand.showSheetTimestamps) {
    pdf.pair('Started', dates.dateTime(sheet.createdAt));
    if (sheet.submittedAt) pdf.pair('Submitted', dates.dateTime(sheet.submittedAt));
    if (sheet.approvedAt) pdf.pair('Approved', dates.dateTime(sheet.approvedAt));
    if (sheet.rejectedAt) pdf.pair('Rejected', dates.dateTime(sheet.rejectedAt));
  }
  if (sheet.score) pdf.pair('Score', scoreText(sheet.score, ': '));
  for (const section of sheet.sections) {
    const shown = section.answers.filter((answer) => answer.inPdf);
    if (!shown.length) continue;
    if (section.name) pdf.heading(section.name, 12);
    for (const answer of shown) await drawAnswer(pdf, brand, answer, content, photoBytes);
  }
  if (sheet.materials.length) {
    pdf.heading('Materials', 12);
    const widths = [150, 120, CONTENT_WIDTH - 270];
    pdf.row(['Material', 'Measured as', 'Measures'], widths, true);
    for (const material of sheet.materials)
      pdf.row(
        [
          material.material_name,
          INPUT_TYPE_LABELS[material.material_input_type_key as keyof typeof INPUT_TYPE_LABELS] ??
            material.material_input_type_key,
          MEASURES.flatMap(([key, label, unit]) => {
            const value = material[key];
            return typeof value === 'number' ? [`${label} ${formatNumber(value)}${unit}`] : [];
          }).join('; '),
        ],
        widths,
      );
  }
  if (content.include_approvals && project.approvalsShowOnReport && sheet.approvals.length) {
    pdf.heading('Approvals', 12);
    const widths = [70, 100, 100, 100, CONTENT_WIDTH - 370];
    pdf.row(['Decision', 'Stage', 'By', 'When', 'Comments'], widths, true);
    for (const decision of sheet.approvals)
      pdf.row(
        [
          (DECISION_LABELS[decision.decision] ?? decision.decision) +
            (decision.undone_at ? ` (undone ${dates.dateTime(decision.undone_at)})` : ''),
          decision.approval_stage_name ?? '',
          decision.user_name,
          dates.dateTime(decision.created_at),
          decision.comments ?? '',
        ],
        widths,
      );
  }
}

async function drawAnswer(
  pdf: ReportPdf,
  brand: Branding,
  answer: ReportAnswer,
  content: ReportContent,
  photoBytes: PhotoBytes,
) {
  if (answer.type === 'SIGNATURE' && answer.signature) {
    pdf.pair(answer.name, answer.text);
    const bytes = await pdf.imageBytes(answer.signature.key, 600);
    if (bytes) {
      pdf.ensure(70);
      pdf.doc.image(bytes, PAGE.margin + 180, pdf.doc.y, { fit: [180, 60] });
      pdf.doc.y += 66;
    }
    return;
  }
  if (answer.type === 'TABLE' && answer.table) {
    pdf.pair(answer.name, answer.text);
    const { columns, rows } = answer.table;
    const widths = [28, ...columns.map(() => (CONTENT_WIDTH - 28) / columns.length)];
    pdf.row(['#', ...columns], widths, true);
    rows.forEach((cells, index) => pdf.row([String(index + 1), ...cells], widths));
    return;
  }
  if (answer.type !== 'PHOTO') return pdf.pair(answer.name, answer.text);
  pdf.pair(answer.name, answer.text);
  if (!content.include_photos || !answer.photos.length) return;
  const layout = PHOTO_LAYOUT[content.photo_size];
  const gap = 10;
  const cellWidth = (CONTENT_WIDTH - gap * (layout.perRow - 1)) / layout.perRow;
  const cellHeight = cellWidth * 0.75;
  const caption = brand.showPhotoTimestamps ? 12 : 0;
  for (let at = 0; at < answer.photos.length; at += layout.perRow) {
    pdf.ensure(cellHeight + caption + gap);
    const top = pdf.doc.y;
    for (const [index, photo] of answer.photos.slice(at, at + layout.perRow).entries()) {
      const x = PAGE.margin + index * (cellWidth + gap);
      const bytes = await photoBytes(photo);
      if (bytes) pdf.doc.image(bytes, x, top, { fit: [cellWidth, cellHeight], align: 'center' });
      if (caption && photo.takenAt)
        pdf.doc
          .fontSize(8)
          .fillColor('#666666')
          .text(brand.dates.dateTime(photo.takenAt), x, top + cellHeight + 2, {
            width: cellWidth,
            lineBreak: false,
          });
    }
    pdf.doc.fontSize(10).fillColor('black');
    pdf.doc.x = PAGE.margin;
    pdf.doc.y = top + cellHeight + caption + gap;
  }
}

/** A photo's bytes at the report's size, as the chunk's reader hands them over. */
type PhotoBytes = (photo: ReportPhoto) => Promise<Buffer | null>;

/** How many photos are converted and read ahead of the one drawn: libuv's four threads busy. */
const READ_AHEAD = 4;

/**
 * The photos a chunk of sheets will draw, in drawing order, each converted and read up to
 * READ_AHEAD photos before it is asked for, across answers and sheets (a cold report spends its
 * time converting; one sheet's three photos at a time left a core idle), and let go once handed
 * over: at most READ_AHEAD + 1 photos in memory.
 */
function photoReader(pdf: ReportPdf, sheets: ReportSheet[], content: ReportContent): PhotoBytes {
  const { pixels } = PHOTO_LAYOUT[content.photo_size];
  const order = content.include_photos
    ? sheets.flatMap((sheet) =>
        sheet.sections.flatMap((section) =>
          section.answers
            .filter((answer) => answer.inPdf && answer.type === 'PHOTO')
            .flatMap((answer) => answer.photos),
        ),
      )
    : [];
  const position = new Map(order.map((photo, index) => [photo, index]));
  const started = new Map<number, Promise<Buffer | null>>();
  let next = 0;
  const load = (photo: ReportPhoto) => {
    const loading = pdf.imageBytes(photo.key, pixels);
    loading.catch(() => undefined);
    return loading;
  };
  return (photo) => {
    const index = position.get(photo);
    if (index === undefined) return load(photo);
    while (next < order.length && next <= index + READ_AHEAD) {
      started.set(next, load(order[next]!));
      next += 1;
    }
    const found = started.get(index) ?? load(photo);
    started.delete(index);
    return found;
  };
}
