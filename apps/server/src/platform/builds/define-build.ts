import type { BuildFormat } from '@fieldwork/contract';
import type { z, ZodType } from 'zod';
import type { OrganisationContext } from '../http/context';

/** What a build's writer is handed to say how far it has got. */
export type BuildProgress = (done: number, total?: number | null, message?: string) => void;

/** What a build is called and where it downloads to, from its options. */
export interface BuildLabel {
  name: string;
  description?: string | null;
  /** The file's name without its extension (the format's is added). */
  downloadName: string;
  /** The record the build is of, e.g. `/jobs/{id}`. */
  jobPath?: string | null;
}

/**
 * A kind of file the product builds in the background: its options, its name and format, and
 * the writer that streams its bytes. Declared once (e.g. clients' CSV export) and listed with
 * `buildKinds()` for the build job. A new kind of report is this declaration and its writer.
 */
export interface BuildKind<S extends ZodType = ZodType> {
  /** Lowercase words joined by hyphens; stored on each build's row. */
  name: string;
  format: BuildFormat;
  /** The options a caller chooses (checked when the build is asked for). */
  options: S;
  /** How long the file is kept once built (default BUILD_DEFAULT_TTL_DAYS days). */
  ttlSeconds?: number;
  label(ctx: OrganisationContext, options: z.output<S>): BuildLabel | Promise<BuildLabel>;
  /**
   * Streams the file: it runs as the requester, in a transaction scoped like their requests
   * (same visibility and roles), so a build never holds what they could not see.
   */
  write(
    ctx: OrganisationContext,
    options: z.output<S>,
    progress: BuildProgress,
  ): AsyncIterable<Buffer | string>;
}

export function defineBuild<S extends ZodType>(kind: BuildKind<S>): BuildKind<S> {
  return kind;
}

export const BUILD_CONTENT_TYPES: Record<BuildFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const kinds = new Map<string, BuildKind>();

/**
 * Makes a build kind known to the build job, by name (each is registered as its routes are made;
 * routes made again, as every test app does, register the same kind again).
 */
export function registerBuildKind(kind: BuildKind) {
  kinds.set(kind.name, kind);
}

export const buildKind = (name: string) => kinds.get(name);
