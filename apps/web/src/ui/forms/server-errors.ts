import { ValidationFailureError, errorMessage } from '../../api/errors';

export interface ServerErrors<Field extends string> {
  /** Messages to show next to the form's fields (Mantine inputs take them as `error`). */
  fieldErrors: Partial<Record<Field, string>>;
  /** A message for the whole form: any other failure, or validation errors of unknown fields. */
  formError: string | null;
}

export function noServerErrors<Field extends string>(): ServerErrors<Field> {
  return { fieldErrors: {}, formError: null };
}

/**
 * The form field an error names: the field itself, or the field holding it when the server names
 * a part of it (`trades.2` belongs to a `trades` list, `invites.1.email` to `invites.1.email`).
 */
function fieldFor<Field extends string>(path: string, fields: readonly Field[]): Field | undefined {
  return (
    fields.find((candidate) => candidate === path) ??
    fields.find((candidate) => path.startsWith(`${candidate}.`))
  );
}

/** Maps a ValidationFailureError's errors list onto the form's fields. */
export function serverErrorsFor<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): ServerErrors<Field> {
  if (!(error instanceof ValidationFailureError)) {
    return { fieldErrors: {}, formError: errorMessage(error) };
  }
  return fieldErrorsFor(error.errors, fields, error.message);
}

/**
 * Puts each `{field, message}` next to the form field it names (first message wins); messages of
 * fields the form does not have become the form error (or `fallback`, when no field is named).
 */
export function fieldErrorsFor<Field extends string>(
  items: ReadonlyArray<{ field: string; message: string }>,
  fields: readonly Field[],
  fallback: string,
): ServerErrors<Field> {
  const fieldErrors: Partial<Record<Field, string>> = {};
  const otherMessages: string[] = [];
  for (const item of items) {
    const field = fieldFor(item.field, fields);
    if (field === undefined) otherMessages.push(item.message);
    else fieldErrors[field] ??= item.message;
  }
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const formError = otherMessages.length > 0 ? otherMessages.join(' ') : null;
  return { fieldErrors, formError: hasFieldErrors ? formError : (formError ?? fallback) };
}
