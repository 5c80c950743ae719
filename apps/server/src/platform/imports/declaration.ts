import type { Role } from '@fieldwork/contract';
import type { ZodType } from 'zod';
import type { OrganisationContext } from '../http/context';

/** One column of an import's CSV, matched to the file's headers ignoring case and punctuation. */
export interface ImportColumn {
  /** The key rows are parsed under, e.g. "address_line_1". */
  key: string;
  /** The header the template writes, e.g. "Address line 1". */
  header: string;
  /** The template's example value. */
  example: string;
  /** Files without this column are refused outright. */
  required?: boolean;
}

/** A row's cells by column key; empty cells are absent. */
export type Cells = Record<string, string>;

export interface ParsedRow<T> {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number;
  value: T;
}

export interface RowIssue {
  /** The column key the problem is about. */
  field: string;
  message: string;
}

/** What the database says about the rows that passed their own checks. */
export interface Resolution {
  /** Problems per line (e.g. a level that already exists); those rows are rejected. */
  rejections: Map<number, RowIssue[]>;
  /** What the summary shows for a line beyond its parsed values (e.g. the name a site gets). */
  data?: Map<number, Record<string, unknown>>;
  /** Creates the records of every row (called only when no row is rejected); answers their ids. */
  write: () => Promise<string[]>;
  /** The record the rows are imported into, when there is one (its imported file names it). */
  documentId?: string | null;
}

/**
 * An import kind: its columns, how a row parses, extra options (form fields or query), what
 * counts as the same row twice in one file, and a resolve step that looks up what rows refer to
 * (a few queries per file, not per row) and returns how to write them. The platform does the rest:
 * reading the CSV, the summary, the all-or-nothing import, the template.
 */
export interface ImportKind<T = unknown, O = unknown> {
  /** The path segment, e.g. "sites_csv". */
  kind: string;
  /** What a row creates, for documentation: "one site". */
  rowLabel: string;
  /** What the rows become, for the imported file's record: "sites", "levels", "jobs". */
  collection: string;
  tags: string[];
  minRole: Role;
  columns: ImportColumn[];
  /** Parses a row's cells (keyed by column key; empty cells absent); issues name column keys. */
  row: ZodType<T>;
  /** Options from the multipart fields or the query string, e.g. a project_id. */
  options?: ZodType<O>;
  /** Rows with the same key in one file: every one after the first is rejected. */
  duplicateKey?(row: T): string | null;
  /** Which column a duplicate is reported on. */
  duplicateField?: string;
  resolve(ctx: OrganisationContext, rows: ParsedRow<T>[], options: O): Promise<Resolution>;
  /**
   * Rows resolved and written at a time by a queued import, when each batch of rows stands
   * alone (what a row refers to is found or created per batch): the file is then read as a
   * stream and never held whole (run.ts runImportInBatches). Unset: the whole file at once.
   */
  batchRows?: number;
  /**
   * Rows that only make sense together (one rate set's tiers of one input type), for a kind with
   * `batchRows`: its rows are staged in the import's transaction and resolved in this key's
   * order, so a unit is never split between batches whatever the file's order.
   */
  unitKey?(row: T): string;
}

export function defineImport<T, O = Record<string, never>>(kind: ImportKind<T, O>): ImportKind {
  return kind;
}
