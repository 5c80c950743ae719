import type {
  FormFieldType,
  JobSheetFieldValue,
  JobSheetFieldValueInput,
  JobSheetPhoto,
  TableRow,
} from '@fieldwork/contract';
import {
  isSignature,
  type FieldAnswers,
  type SignatureAnswer,
  type UploadedPhoto,
} from '../form-fields';

/**
 * A job sheet's answers as the screen holds them (field-logic's FieldAnswers, by form field id)
 * and as the API stores them (field values with the value_* their type uses).
 */

/** The answer a stored field value holds (a signature shows from its signed address). */
export function answerOf(value: JobSheetFieldValue): unknown {
  switch (value.type) {
    case 'TEXT':
      return value.value_string ?? undefined;
    case 'NUMBER':
      return value.value_number ?? undefined;
    case 'DATE':
      return value.value_date ?? undefined;
    case 'SELECT':
      return value.value_option ?? undefined;
    case 'MULTI_SELECT':
      return value.value_options ?? undefined;
    case 'BOOLEAN':
      return value.value_boolean ?? undefined;
    case 'SIGNATURE': {
      const stored = value.value_signature;
      if (!stored) return undefined;
      const answer: SignatureAnswer = {
        name: stored.name ?? '',
        width: stored.width,
        height: stored.height,
        signature: stored.url,
        timestamp: stored.timestamp,
      };
      return answer;
    }
    case 'PHOTO':
    case 'INSTRUCTION':
      return undefined;
    case 'TIME':
      return value.value_string ?? undefined;
    case 'PASS_FAIL':
      return value.value_option ?? undefined;
    case 'TABLE':
      return value.value_rows ?? undefined;
  }
}

export function answersOf(values: JobSheetFieldValue[]): FieldAnswers {
  const answers: FieldAnswers = {};
  for (const value of values) {
    const answer = answerOf(value);
    if (answer !== undefined) answers[value.form_field_id] = answer;
  }
  return answers;
}

const blankToNull = (value: unknown) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
    ? null
    : value;

/** One answer as the API takes it; a cleared answer sends null. */
export function fieldValueInput(
  formFieldId: string,
  type: FormFieldType,
  answer: unknown,
): JobSheetFieldValueInput {
  const value = blankToNull(answer);
  switch (type) {
    case 'TEXT':
      return { form_field_id: formFieldId, value_string: value as string | null };
    case 'NUMBER':
      return { form_field_id: formFieldId, value_number: value as number | null };
    case 'DATE':
      return { form_field_id: formFieldId, value_date: value as string | null };
    case 'SELECT':
      return { form_field_id: formFieldId, value_option: value as string | null };
    case 'MULTI_SELECT':
      return { form_field_id: formFieldId, value_options: value as string[] | null };
    case 'BOOLEAN':
      return { form_field_id: formFieldId, value_boolean: value as boolean | null };
    case 'SIGNATURE':
      return {
        form_field_id: formFieldId,
        value_signature: isSignature(value)
          ? {
              name: value.name || null,
              width: value.width,
              height: value.height,
              signature: value.signature,
              timestamp: value.timestamp || null,
            }
          : null,
      };
    case 'PHOTO':
    case 'INSTRUCTION':
      return { form_field_id: formFieldId };
    case 'TIME':
      return { form_field_id: formFieldId, value_string: value as string | null };
    case 'PASS_FAIL':
      return { form_field_id: formFieldId, value_option: value as string | null };
    case 'TABLE':
      return { form_field_id: formFieldId, value_rows: value as TableRow[] | null };
  }
}

/**
 * The answers that differ from those last saved, as field value inputs (photos are uploads and
 * never part of it). Only changes are sent, so a saved signature is never sent back.
 */
export function changedFieldValues(
  types: Map<string, FormFieldType>,
  saved: FieldAnswers,
  current: FieldAnswers,
): JobSheetFieldValueInput[] {
  const changed: JobSheetFieldValueInput[] = [];
  for (const [id, type] of types) {
    if (type === 'PHOTO' || type === 'INSTRUCTION') continue;
    if (sameAnswer(saved[id], current[id])) continue;
    changed.push(fieldValueInput(id, type, current[id]));
  }
  return changed;
}

export function sameAnswer(a: unknown, b: unknown): boolean {
  return JSON.stringify(blankToNull(a)) === JSON.stringify(blankToNull(b));
}

/** A stored photo as the photo field shows it: its thumbnail, never the original. */
export const uploadedPhotoOf = (photo: JobSheetPhoto): UploadedPhoto => ({
  id: photo.id,
  thumbnailUrl: photo.file?.thumbnail_url ?? null,
  fullUrl: photo.file?.url ?? null,
  status: photo.status,
  error: photo.error,
});
