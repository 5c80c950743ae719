import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsFor, serverErrorsFor } from './server-errors';

/** Form values: one entry per field, named as the contract names the input's field. */
export type FormValues = Record<string, unknown>;

export interface ZodForm<Values extends FormValues, Input> {
  /** The @mantine/form form itself (values, setFieldValue, getInputProps, …). */
  mantine: UseFormReturnType<Values>;
  values: Values;
  /** Value, error and onChange for a Mantine input (`{...form.bind('name')}`). */
  bind: (field: keyof Values & string, options?: { type?: 'checkbox' }) => BoundInput;
  /** Sets a field (for inputs that give a value rather than an event, e.g. Select). */
  setValue: (field: keyof Values & string, value: unknown) => void;
  /** What belongs to no field: a failure that is not a validation failure, or an unknown field. */
  formError: string | null;
  /** Shows a failed submit (the server's 422 `errors` next to the fields, the rest above them). */
  capture: (error: unknown) => void;
  /**
   * The <form>'s onSubmit: checks the input against the schema (showing its messages next to
   * the fields) and, when it passes, hands the input to `send`.
   */
  submit: (send: (input: Input) => void) => (event?: FormEvent<HTMLFormElement>) => void;
}

/** What a Mantine input takes from the form: value (or checked), error, onChange, focus/blur. */
export type BoundInput = ReturnType<UseFormReturnType<FormValues>['getInputProps']>;

/**
 * A form driven by a contract schema (@mantine/form underneath). `toInput` turns the form's
 * values into the request body (e.g. '' → null); without it the values are the input. The schema
 * checks that input before it is sent, the server's 422 answer lands on the same fields.
 */
export function useZodForm<
  Schema extends z.ZodType,
  Values extends FormValues,
  Input extends z.input<Schema> = z.input<Schema>,
>(
  schema: Schema,
  initialValues: Values,
  toInput: (values: Values) => Input = (values) => values as unknown as Input,
): ZodForm<Values, Input> {
  const mantine = useForm<Values>({ mode: 'controlled', initialValues });
  const [formError, setFormError] = useState<string | null>(null);
  const [fields] = useState(() => Object.keys(initialValues));
  const { setErrors } = mantine;

  const show = useCallback(
    ({ fieldErrors, formError }: { fieldErrors: FormValues; formError: string | null }) => {
      setErrors(fieldErrors as Record<string, string>);
      setFormError(formError);
    },
    [setErrors],
  );
  const capture = useCallback(
    (error: unknown) => show(serverErrorsFor(error, fields)),
    [fields, show],
  );

  const submit = (send: (input: Input) => void) => (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const input = toInput(mantine.getValues());
    const checked = schema.safeParse(input);
    if (!checked.success) {
      const issues = checked.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      }));
      show(fieldErrorsFor(issues, fields, 'The form is incomplete'));
      return;
    }
    show({ fieldErrors: {}, formError: null });
    send(input);
  };

  return {
    mantine,
    values: mantine.values,
    bind: (field, options) => mantine.getInputProps(field, options),
    setValue: (field, value) => mantine.setFieldValue(field, value as never),
    formError,
    capture,
    submit,
  };
}
