import { useCallback, useState } from 'react';
import { noServerErrors, serverErrorsFor } from '../../../ui/forms/server-errors';
import type { ServerErrors } from '../../../ui/forms/server-errors';

/**
 * A form over values of any type (switches, lists, selects): its values and the server's 422
 * errors next to their fields (an error naming `options.2.name` belongs to `options`). Editing
 * a field clears its error; `formError` is what belongs to no field.
 */
export function useValuesForm<Values extends object>(initialValues: Values) {
  type Field = keyof Values & string;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<ServerErrors<Field>>(noServerErrors);
  const [fields] = useState(() => Object.keys(initialValues) as Field[]);

  const set = useCallback(<Key extends Field>(field: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({
      formError: current.formError,
      fieldErrors: { ...current.fieldErrors, [field]: undefined },
    }));
  }, []);

  const capture = useCallback(
    (error: unknown) => setErrors(serverErrorsFor(error, fields)),
    [fields],
  );
  const resetErrors = useCallback(() => setErrors(noServerErrors()), []);

  return {
    values,
    set,
    /** The error of a field (Mantine inputs take it as `error`). */
    errorOf: (field: Field) => errors.fieldErrors[field],
    formError: errors.formError,
    capture,
    resetErrors,
  };
}
