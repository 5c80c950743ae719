import { jobSheetFieldValueInputSchema, type JobSheetValidation } from '@fieldwork/contract';
import {
  fieldsById,
  isAnswered,
  missingRequired,
  shownFields,
  type FieldAnswers,
  type RenderableSection,
} from '../form-fields';
import { fieldValueInput } from './sheet-answers';

/**
 * The messages beside a sheet's fields: required fields that show and are unanswered, answers
 * the contract's schema refuses (the client's check), and the server's `validate` answer.
 */
export function clientFieldErrors(
  sections: RenderableSection[],
  answers: FieldAnswers,
  photoCounts: Record<string, number>,
): Record<string, string> {
  const errors = missingRequired(sections, answers, photoCounts);
  const byId = fieldsById(sections);
  for (const section of sections)
    for (const field of shownFields(section, byId, answers)) {
      if (field.type === 'PHOTO' || !isAnswered(field, answers[field.id])) continue;
      const checked = jobSheetFieldValueInputSchema.safeParse(
        fieldValueInput(field.id, field.type, answers[field.id]),
      );
      if (!checked.success) errors[field.id] = checked.error.issues[0]?.message ?? 'Not valid.';
    }
  return errors;
}

/** The server's validate answer by form field; messages about the sheet itself under "". */
export function serverFieldErrors(validation: JobSheetValidation): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of validation.errors) {
    const key = issue.form_field_id ?? '';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Errors of the fields of one section only. */
export function errorsOfSection(
  section: RenderableSection,
  errors: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    section.fields.flatMap((field) => (errors[field.id] ? [[field.id, errors[field.id]]] : [])),
  ) as Record<string, string>;
}
