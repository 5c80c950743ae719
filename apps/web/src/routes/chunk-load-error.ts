/**
 * True when a dynamically imported part of the app failed to load: usually a stale tab asking for
 * chunk files that a newer deployment replaced. Browsers word this differently.
 */
const CHUNK_LOAD_FAILURES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite's preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    CHUNK_LOAD_FAILURES.some((pattern) => pattern.test(error.message))
  );
}
