import { useCallback, useState } from 'react';
import type { ChangeEvent } from 'react';
import { noServerErrors, serverErrorsFor } from './server-errors';
import type { ServerErrors } from './server-errors';

/**
 * A small text-field form: its values, and the server's errors shown next to the fields
 * (`bind(field)` gives a Mantine input its value, error and onChange; editing a field clears its
 * error). `capture(error)` takes a failed submit; `formError` is what belongs to no field.
 */
export function useForm<Field extends string>(initialValues: Record<Field, string>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<ServerErrors<Field>>(noServerErrors);
  const [fields] = useState(() => Object.keys(initialValues) as Field[]);

  const capture = useCallback(
    (error: unknown) => setErrors(serverErrorsFor(error, fields)),
    [fields],
  );
  const resetErrors = useCallback(() => setErrors(noServerErrors()), []);

  /** Sets a field (for inputs that give a value rather than an event, e.g. Select). */
  const setValue = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({
      formError: current.formError,
      fieldErrors: { ...current.fieldErrors, [field]: undefined },
    }));
  }, []);

  const bind = (field: Field) => ({
    value: values[field],
    error: errors.fieldErrors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.currentTarget.value),
  });

  return {
    values,
    bind,
    setValue,
    fieldErrors: errors.fieldErrors,
    formError: errors.formError,
    capture,
    resetErrors,
  };
}
