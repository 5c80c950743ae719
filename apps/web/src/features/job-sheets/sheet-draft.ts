import type { FieldAnswers } from '../form-fields';

/**
 * Answers not yet saved, kept in the browser per sheet so that a reload (or a phone that drops
 * the tab) loses nothing; cleared once the server has them.
 */
const key = (sheetId: string) => `fieldwork.job-sheet-draft.${sheetId}`;

export function readDraft(sheetId: string): FieldAnswers {
  try {
    const stored = localStorage.getItem(key(sheetId));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as FieldAnswers)
      : {};
  } catch {
    return {};
  }
}

export function writeDraft(sheetId: string, answers: FieldAnswers) {
  try {
    localStorage.setItem(key(sheetId), JSON.stringify(answers));
  } catch {
    // Storage full or refused: the debounced save still sends the answers.
  }
}

export function clearDraft(sheetId: string) {
  try {
    localStorage.removeItem(key(sheetId));
  } catch {
    // Nothing to clear.
  }
}
