import type { Readable } from 'node:stream';
import type { Queryable } from '../db/queryable';
import type { FileStorage } from '../storage/storage';
import type { SniffedType } from './sniff';

/** A stored file's row (table stored_files). */
export interface StoredFileRow {
  id: string;
  organisation_id: string;
  kind: string;
  key: string;
  name: string;
  size_bytes: number;
  content_type: string;
  sha256: string;
  uploaded_by_user_id: string | null;
  status: 'PROCESSING' | 'READY' | 'FAILED';
  error: string | null;
  derived: Record<string, DerivedFile>;
  metadata: Record<string, unknown>;
}

/** A file a processing step made from an upload (a display copy, a thumbnail, a page). */
export interface DerivedFile {
  key: string;
  content_type: string;
  size: number;
}

/** A file that can never be processed (not readable as its kind): FAILED at once, not retried. */
export class UploadRefusedError extends Error {}

/** What a processing step is handed besides the file's row. */
export interface ProcessingStep {
  storage: FileStorage;
  /** The uploaded bytes, streamed. */
  read(): Promise<Readable>;
  /** The uploaded bytes, whole (for formats that need random access, such as PDF). */
  readAll(): Promise<Buffer>;
  /** Stores a derived file beside the upload under `name`, and records it on the file. */
  derive(
    name: string,
    source: Buffer | AsyncIterable<Buffer> | Readable,
    contentType: string,
  ): Promise<DerivedFile>;
}

export interface UploadProcessing<Result extends Record<string, unknown>> {
  /**
   * Where it runs: `request` for small files the answer shows processed (a logo), `queue` for
   * the rest (answered PROCESSING at once, READY or FAILED later).
   */
  runs: 'request' | 'queue';
  /** Reads the upload and derives files; throws UploadRefusedError for an unreadable file. */
  run(file: StoredFileRow, step: ProcessingStep): Promise<Result>;
  /**
   * In the transaction that marks the file READY: brings its owner up to date (a photo's row).
   * Answers false when the owner is gone meanwhile, and the derived files are removed.
   */
  onReady?(tx: Queryable, file: StoredFileRow, result: Result): Promise<boolean | void>;
  /** In the transaction that marks the file FAILED, with the reason people will read. */
  onFailed?(tx: Queryable, file: StoredFileRow, reason: string): Promise<void>;
  /** The reason shown when the retries of an unexpected failure are spent. */
  failedMessage?: string;
}

/**
 * A kind of uploaded file: which types it takes (read from the bytes), how large, and the
 * processing each upload gets. Declared once (e.g. job-sheets/photos/photo-upload.ts) and listed
 * with `uploadKinds()` for the processing job.
 */
export interface UploadKind<Result extends Record<string, unknown> = Record<string, unknown>> {
  /** Lowercase words joined by hyphens; stored on each file's row. */
  name: string;
  /** The types accepted, by content; the stored content type is the sniffed one. */
  accept: readonly SniffedType[];
  /** Said when the file is of another type, e.g. "Must be a JPEG, PNG, WebP or AVIF photo." */
  acceptMessage: string;
  /** Particular words for particular refused types (HEIC photos: how to send a JPEG instead). */
  refusals?: Partial<Record<SniffedType, string>>;
  /** The largest file, counted while it streams in (413 past it). */
  maxBytes: number;
  /** The content type stored for text (e.g. text/csv); text/plain when unset. */
  textType?: string;
  processing?: UploadProcessing<Result>;
}

export function defineUpload<Result extends Record<string, unknown>>(
  kind: UploadKind<Result>,
): UploadKind<Result> {
  return kind;
}

const kinds = new Map<string, UploadKind>();

/** Makes the kinds known to the processing job (the composition root lists them). */
export function registerUploadKinds(list: UploadKind[]) {
  for (const kind of list) kinds.set(kind.name, kind);
}

export const uploadKind = (name: string) => kinds.get(name);
