import type { JobSheetDuplicatePhoto } from '@fieldwork/contract';

/** How a sheet is named in the duplicate panel: its number, or "another sheet" without one. */
export const sheetLabel = (number: number | null) =>
  number === null ? 'another sheet' : `sheet ${number}`;

/** "a", "a and b", "a, b and c". */
function listed(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
}

/**
 * The panel's headline: how many of THIS sheet's photos were found elsewhere (a photo found on
 * two sheets counts once) and which sheets, e.g. "1 photo also on sheets 12 and 15".
 */
export function duplicateSummary(duplicates: JobSheetDuplicatePhoto[]): string {
  const photos = new Set(duplicates.map((duplicate) => duplicate.photo_id)).size;
  const sheets = new Map<string, number | null>();
  for (const duplicate of duplicates) {
    sheets.set(duplicate.duplicate_job_sheet_id, duplicate.duplicate_job_sheet_number);
  }
  const numbers = [...sheets.values()];
  const numbered = numbers
    .filter((number): number is number => number !== null)
    .sort((a, b) => a - b)
    .map(String);
  const unnumbered = numbers.length - numbered.length;
  const names =
    numbered.length === 0
      ? [unnumbered === 1 ? 'another sheet' : `${unnumbered} other sheets`]
      : [
          `sheet${numbered.length === 1 ? '' : 's'} ${listed(numbered)}`,
          ...(unnumbered === 0
            ? []
            : [unnumbered === 1 ? 'another sheet' : `${unnumbered} other sheets`]),
        ];
  return `${photos} photo${photos === 1 ? '' : 's'} also on ${listed(names)}`;
}

/** What the two photos of a pair have in common, in words (never the hash distance). */
export const duplicateKindLabel = (kind: JobSheetDuplicatePhoto['kind']) =>
  kind === 'EXACT' ? 'The same file' : 'Looks like the same photo';
