import {
  PASS_FAIL_LABELS,
  type FormFieldType,
  type FormTableColumn,
  type JobSheetScore,
  type JobSheetStatus,
  type PassFailAnswer,
  type TableRow,
} from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { parseListQuery } from '../../platform/list-query/parse';
import { reader, type Row } from '../../platform/resource-kit';
import { jobSheetsResource } from '../job-sheets';
import {
  answerDate,
  chosenNames,
  dateWriter,
  formatNumber,
  rowsText,
  safeZone,
  signedText,
  type DateWriter,
} from './labels';

/**
 * What a report reads, as the requester: the organisation's branding, the sheets a selection
 * matches (through the job sheets' own list, so their visibility decides), each with its answers
 * in form order, photos' display copies, signatures, materials and approval trail.
 */

export interface Branding {
  organisationName: string;
  companyName: string;
  address: string | null;
  telephone: string | null;
  email: string | null;
  showSheetTimestamps: boolean;
  showPhotoTimestamps: boolean;
  showEmails: boolean;
  logoKey: string | null;
  timeZone: string;
  dates: DateWriter;
}

interface StoredOptions {
  timezone?: string;
  report_options?: Record<string, unknown>;
  files?: { report_logo?: { key?: string } | null };
}

export async function brandingOf(ctx: OrganisationContext): Promise<Branding> {
  const { rows } = await ctx.db.query<{ name: string; options: StoredOptions | null }>(
    'SELECT name, options FROM organisations WHERE id = $1',
    [ctx.organisationId],
  );
  const name = rows[0]?.name ?? '';
  const options = rows[0]?.options ?? {};
  const report = options.report_options ?? {};
  const text = (key: string) =>
    typeof report[key] === 'string' && report[key] ? String(report[key]) : null;
  const flag = (key: string, fallback: boolean) =>
    typeof report[key] === 'boolean' ? report[key] : fallback;
  return {
    organisationName: name,
    companyName: text('company_name') ?? name,
    address: text('address'),
    telephone: text('telephone'),
    email: text('email'),
    showSheetTimestamps: flag('show_job_sheet_timestamps', true),
    showPhotoTimestamps: flag('show_photo_timestamps', true),
    showEmails: flag('show_emails', false),
    logoKey: options.files?.report_logo?.key ?? null,
    timeZone: safeZone(options.timezone ?? 'UTC'),
    dates: dateWriter(options.timezone ?? 'UTC'),
  };
}

export interface ProjectHeader {
  id: string;
  name: string;
  reference: string | null;
  clientName: string | null;
  siteAddress: string | null;
  coverKey: string | null;
  approvalsShowOnReport: boolean;
}

export async function projectHeaders(
  ctx: OrganisationContext,
  ids: string[],
): Promise<Map<string, ProjectHeader>> {
  if (!ids.length) return new Map();
  const { rows } = await ctx.db.query<ProjectHeader>(
    `SELECT p.id, p.name, p.reference, c.name AS "clientName",
            nullif(concat_ws(', ', nullif(s.address_line_1, ''), nullif(s.address_line_2, ''),
              nullif(s.city, ''), nullif(s.postcode, '')), '') AS "siteAddress",
            p.report_cover_image->>'key' AS "coverKey",
            p.approvals_show_on_report AS "approvalsShowOnReport"
       FROM projects p
       LEFT JOIN clients c ON c.organisation_id = p.organisation_id AND c.id = p.client_id
       LEFT JOIN sites s ON s.organisation_id = p.organisation_id AND s.id = p.site_id
      WHERE p.organisation_id = $1 AND p.id = ANY($2::text[])`,
    [ctx.organisationId, ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export interface ReportPhoto {
  id: string;
  /** The upright display copy (the original only when it already was one), never the upload. */
  key: string;
  takenAt: string | null;
}

export interface ReportAnswer {
  fieldId: string;
  name: string;
  type: FormFieldType;
  /** As people read it ('' when unanswered). */
  text: string;
  /** A spreadsheet cell's typed value. */
  cell: string | number | boolean | Date | null;
  photos: ReportPhoto[];
  signature: { key: string; name: string | null; timestamp: string | null } | null;
  /** A table's answer as people read it: its column names and each row's cells. */
  table: { columns: string[]; rows: string[][] } | null;
  /** Shown in a PDF (the field's pdf_report_visibility and conditional). */
  inPdf: boolean;
  /** A column of the sheets' spreadsheet (show_in_job_items_table). */
  inTable: boolean;
}

export interface ReportSection {
  name: string | null;
  answers: ReportAnswer[];
}

export interface ReportMaterial extends Record<string, unknown> {
  material_name: string;
  material_input_type_key: string;
}

export interface ReportDecision {
  approval_stage_name: string | null;
  approval_batch: number;
  user_name: string;
  decision: string;
  comments: string | null;
  created_at: string;
  undone_at: string | null;
}

export interface ReportSheet {
  id: string;
  number: number;
  seqNumber: number;
  jobId: string;
  jobNumber: number | null;
  projectId: string;
  status: JobSheetStatus;
  formName: string | null;
  operativeName: string | null;
  createdAt: string;
  submittedAt: string | null;
  approvedAt: string | null;
  rejectedAt: string | null;
  sections: ReportSection[];
  /** The pass / fail / N/A total (null when the form has no such field). */
  score: JobSheetScore | null;
  materials: ReportMaterial[];
  approvals: ReportDecision[];
}

interface FieldMeta {
  id: string;
  pdf_report_visibility: 'NEVER' | 'ALWAYS' | 'WHEN_SET';
  show_in_job_items_table: boolean;
  precision: number | null;
  capture_time: boolean;
  options: Array<{ id: string; name: string }>;
  columns: FormTableColumn[];
}

/** A report's list query string parsed as the list reads it (filters and sort), nothing expanded. */
export const listQuery = (query: string) => ({
  ...parseListQuery(new URLSearchParams(query)),
  expand: [],
});

const sheets = reader(jobSheetsResource);

export const countSheets = (ctx: OrganisationContext, query: string) =>
  sheets.count(ctx, listQuery(query));

/** The ids of the matching sheets the caller sees, in list order. */
export async function matchingSheetIds(ctx: OrganisationContext, query: string): Promise<string[]> {
  const answer = await sheets.list(ctx, {
    ...listQuery(query),
    withIds: true,
    page: { all: false, number: 1, size: 1 },
  });
  return (answer.ids ?? []).map(String);
}

/** Checks a selection's list query now (a 400 for the caller, not a failed build later). */
export const checkSheetsQuery = (ctx: OrganisationContext, query: string) =>
  sheets.checkQuery(ctx, listQuery(query));

/**
 * The matching sheets a chunk at a time (the list's cursor, 500 a fetch), each complete for a
 * report; memory holds one chunk's records, never photo bytes.
 */
export async function* reportSheets(
  ctx: OrganisationContext,
  query: string,
  dates: DateWriter,
): AsyncGenerator<ReportSheet[]> {
  const fields = new Map<string, FieldMeta>();
  for await (const rows of sheets.streamRows(ctx, listQuery(query))) {
    const ids = rows.map((row) => String(row.id));
    const [photoKeys, signatureKeys] = await Promise.all([
      photoKeysOf(ctx, ids),
      signatureKeysOf(ctx, ids),
      loadFields(
        ctx,
        rows.flatMap((row) => (row.field_values as Row[]).map((value) => value.form_field_id)),
        fields,
      ),
    ]);
    yield rows.map((row) => toSheet(row, fields, photoKeys, signatureKeys, dates));
  }
}

/** A sheet's own columns, as a report's table and its pages show them. */
type SheetColumns = Pick<
  ReportSheet,
  | 'id'
  | 'number'
  | 'jobNumber'
  | 'projectId'
  | 'status'
  | 'formName'
  | 'operativeName'
  | 'createdAt'
  | 'submittedAt'
  | 'approvedAt'
>;

/** The sheet columns of a selected row. */
function sheetColumnsOf(row: Row): SheetColumns {
  return {
    id: String(row.id),
    number: Number(row.number),
    jobNumber: row.job_number === null ? null : Number(row.job_number),
    projectId: String(row.project_id),
    status: row.status as JobSheetStatus,
    formName: (row.form_name as string | null) ?? null,
    operativeName: (row.operative_name as string | null) ?? null,
    createdAt: String(row.created_at),
    submittedAt: (row.submitted_at as string | null) ?? null,
    approvedAt: (row.approved_at as string | null) ?? null,
  };
}

async function loadFields(
  ctx: OrganisationContext,
  fieldIds: unknown[],
  known: Map<string, FieldMeta>,
) {
  const wanted = new Set(fieldIds.map(String).filter((id) => !known.has(id)));
  if (!wanted.size) return;
  const { rows: found } = await ctx.db.query<FieldMeta>(
    `SELECT id, pdf_report_visibility, show_in_job_items_table, precision, capture_time, options,
            columns
       FROM form_fields WHERE organisation_id = $1 AND id = ANY($2::text[])`,
    [ctx.organisationId, [...wanted]],
  );
  for (const field of found) known.set(field.id, field);
}

interface StoredPhoto {
  id: string;
  value_id: string;
  key: string;
  taken_at: Date | null;
  ready: boolean;
}

async function photosOf(ctx: OrganisationContext, sheetIds: string[]) {
  const { rows } = await ctx.db.query<StoredPhoto>(
    `SELECT id, job_sheet_field_value_id AS value_id, coalesce(markup_key, display_key, original_key) AS key,
            coalesce(taken_at, created_at) AS taken_at, status = 'READY' AS ready
       FROM job_sheet_photos
      WHERE organisation_id = $1 AND job_sheet_id = ANY($2::text[])
      ORDER BY "order", id`,
    [ctx.organisationId, sheetIds],
  );
  return rows;
}

/** The sheets' ready photos by id: what a report shows of a photo. */
async function photoKeysOf(ctx: OrganisationContext, sheetIds: string[]) {
  const photos = await photosOf(ctx, sheetIds);
  return new Map(photos.filter((photo) => photo.ready).map((photo) => [photo.id, photo]));
}

async function signatureKeysOf(ctx: OrganisationContext, sheetIds: string[]) {
  const { rows } = await ctx.db.query<{ id: string; key: string }>(
    `SELECT id, value_signature->>'key' AS key FROM job_sheet_field_values
      WHERE organisation_id = $1 AND job_sheet_id = ANY($2::text[]) AND value_signature IS NOT NULL`,
    [ctx.organisationId, sheetIds],
  );
  return new Map(rows.map((row) => [row.id, row.key]));
}

function toSheet(
  row: Row,
  fields: Map<string, FieldMeta>,
  photoKeys: Map<string, { key: string; taken_at: Date | null }>,
  signatureKeys: Map<string, string>,
  dates: DateWriter,
): ReportSheet {
  const sections: ReportSection[] = [];
  for (const value of row.field_values as Row[]) {
    const field = fields.get(String(value.form_field_id));
    const answer = answerOf(value, field, photoKeys, signatureKeys, dates);
    const sectionName = (value.section_name as string | null) ?? null;
    let section = sections.at(-1);
    if (!section || section.name !== sectionName) {
      section = { name: sectionName, answers: [] };
      sections.push(section);
    }
    section.answers.push(answer);
  }
  return {
    ...sheetColumnsOf(row),
    seqNumber: Number(row.seq_number),
    jobId: String(row.job_id),
    rejectedAt: (row.rejected_at as string | null) ?? null,
    sections,
    score: (row.score as JobSheetScore | null | undefined) ?? null,
    materials: row.materials as ReportMaterial[],
    approvals: row.approvals as ReportDecision[],
  };
}

function answerOf(
  value: Row,
  field: FieldMeta | undefined,
  photoKeys: Map<string, { key: string; taken_at: Date | null }>,
  signatureKeys: Map<string, string>,
  dates: DateWriter,
): ReportAnswer {
  const type = value.type as FormFieldType;
  const options = new Map((field?.options ?? []).map((option) => [option.id, option.name]));
  const photos = ((value.photos as Row[] | undefined) ?? []).flatMap((photo) => {
    const stored = photoKeys.get(String(photo.id));
    return stored
      ? [
          {
            id: String(photo.id),
            key: stored.key,
            takenAt: stored.taken_at ? new Date(stored.taken_at).toISOString() : null,
          },
        ]
      : [];
  });
  let text = '';
  let cell: ReportAnswer['cell'] = null;
  let signature: ReportAnswer['signature'] = null;
  let table: ReportAnswer['table'] = null;
  switch (type) {
    case 'TEXT':
      cell = (value.value_string as string | null) || null;
      text = cell ?? '';
      break;
    case 'NUMBER':
      if (value.value_number !== null && value.value_number !== undefined) {
        cell = Number(value.value_number);
        text = formatNumber(cell, field?.precision ?? null);
      }
      break;
    case 'DATE': {
      const raw = value.value_date as string | null;
      if (raw) {
        cell = answerDate(raw);
        text = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? dates.date(raw) : dates.dateTime(raw);
      }
      break;
    }
    case 'SELECT':
      if (typeof value.value_option === 'string') text = options.get(value.value_option) ?? '';
      cell = text || null;
      break;
    case 'MULTI_SELECT':
      text = chosenNames(value.value_options as string[] | null, options);
      cell = text || null;
      break;
    case 'BOOLEAN':
      if (typeof value.value_boolean === 'boolean') {
        cell = value.value_boolean;
        text = value.value_boolean ? 'Yes' : 'No';
      }
      break;
    case 'SIGNATURE': {
      const stored = value.value_signature as { name: string | null; timestamp: string } | null;
      const key = signatureKeys.get(String(value.id));
      if (stored && key) {
        signature = { key, name: stored.name ?? null, timestamp: stored.timestamp ?? null };
        text = signedText(stored, dates);
        cell = text;
      }
      break;
    }
    case 'PHOTO':
      cell = photos.length;
      text = photos.length ? `${photos.length} photo${photos.length === 1 ? '' : 's'}` : '';
      break;
    case 'TIME':
      cell = (value.value_string as string | null) || null;
      text = cell ?? '';
      break;
    case 'PASS_FAIL': {
      const answer = value.value_option as PassFailAnswer | null;
      text = answer ? (PASS_FAIL_LABELS[answer] ?? '') : '';
      cell = text || null;
      break;
    }
    case 'TABLE': {
      const rows = (value.value_rows as TableRow[] | null) ?? [];
      if (rows.length) {
        table = tableText(field?.columns ?? [], rows, dates);
        text = rowsText(rows.length);
        cell = text;
      }
      break;
    }
    case 'INSTRUCTION':
      break;
  }
  const empty = type === 'PHOTO' ? photos.length === 0 : text === '';
  const visibility = field?.pdf_report_visibility ?? 'ALWAYS';
  const conditional = value.value_conditional as { shown?: boolean } | null;
  const hidden = conditional?.shown === false;
  return {
    fieldId: String(value.form_field_id),
    name: String(value.name),
    type,
    text,
    cell,
    photos,
    signature,
    table,
    // Instruction text is no answer: it stays on the form, out of reports.
    inPdf:
      type !== 'INSTRUCTION' &&
      !hidden &&
      visibility !== 'NEVER' &&
      !(visibility === 'WHEN_SET' && empty),
    inTable: Boolean(field?.show_in_job_items_table) && !hidden,
  };
}

/** A table answer's cells as people read them: options by name, yes/no, dates in words. */
export function tableText(
  columns: FormTableColumn[],
  rows: TableRow[],
  dates: DateWriter,
): { columns: string[]; rows: string[][] } {
  const cellText = (column: FormTableColumn, cell: TableRow[string] | undefined): string => {
    if (cell === null || cell === undefined || cell === '') return '';
    switch (column.type) {
      case 'BOOLEAN':
        return cell === true ? 'Yes' : cell === false ? 'No' : '';
      case 'SELECT':
        return column.options.find((option) => option.id === cell)?.name ?? '';
      case 'DATE':
        return typeof cell === 'string' ? dates.date(cell) : '';
      case 'NUMBER':
        return typeof cell === 'number' ? formatNumber(cell, null) : '';
      case 'TEXT':
      case 'TIME':
        return String(cell);
    }
  };
  return {
    columns: columns.map((column) => column.name),
    rows: rows.map((row) => columns.map((column) => cellText(column, row[column.id]))),
  };
}
