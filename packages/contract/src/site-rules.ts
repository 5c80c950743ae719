/*
 * Rules of sites and their imports that need no zod: the web bundle takes these without the
 * schemas (contract modules are side-effect free there, so zod stays out).
 */

/** what3words addresses: three words joined by dots, the leading "///" optional. */
export const WHAT3WORDS_PATTERN = /^(?:\/\/\/)?(\p{L}+)\.(\p{L}+)\.(\p{L}+)$/u;

/** "///Filled.Count.Soap" → "filled.count.soap"; null when it is not a what3words address. */
export function normaliseWhat3words(value: string): string | null {
  const match = WHAT3WORDS_PATTERN.exec(value.trim());
  return match ? match.slice(1, 4).join('.').toLowerCase() : null;
}

/** A full address: the non-empty parts joined with ", " (field-work §3 "a separator"). */
export function joinAddress(parts: ReadonlyArray<string | null | undefined>): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}

export const LATITUDE_RANGE = [-90, 90] as const;
export const LONGITUDE_RANGE = [-180, 180] as const;

export const SITE_IMPORT_KINDS = ['sites_csv', 'site_csv'] as const;
export type SiteImportKind = (typeof SITE_IMPORT_KINDS)[number];

/**
 * The largest CSV read in a request (an import's summary, a small import), and the most rows.
 * Larger imports run on the work queue (docs/decisions.md "Imports on the work queue").
 */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** An import file at most this large is imported in the request (201); a larger one is queued (202). */
export const SYNC_IMPORT_BYTES = 256 * 1024;
/** The largest CSV an import takes (streamed to storage, then imported on the work queue). */
export const MAX_QUEUED_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_QUEUED_IMPORT_ROWS = 50_000;
