import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrorsFor, serverErrorsFor } from './server-errors';

/** Form values: one entry per field, named as the contract names the input's field. */
export type FormValues = Record<string, unknown>;

/** A field's name, or `group.field` for a field inside a nested group of values. */
export type FieldPath<Values> = {
  [Key in keyof Values & string]: Values[Key] extends Record<string, unknown>
    ? Key | `${Key}.${keyof Values[Key] & string}`
    : Key;
}[keyof Values & string];

/**
 * Where errors may land: every field, and each field of a nested group (`options.timezone`), so
 * that a message naming a nested field shows next to its input rather than its group's.
 */
export function fieldPathsOf(values: FormValues, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    const isGroup =
      typeof value === 'object' &&
      value !== null &&
      Object.getPrototypeOf(value) === Object.prototype;
    return isGroup ? [path, ...fieldPathsOf(value as FormValues, `${path}.`)] : [path];
  });
}

export interface ZodForm<Values extends FormValues, Output> {
  /** The @mantine/form form itself (values, setFieldValue, getInputProps, …). */
  mantine: UseFormReturnType<Values>;
  values: Values;
  /** Value, error and onChange for a Mantine input (`{...form.bind('name')}`). */
  bind: (field: FieldPath<Values>, options?: { type?: 'checkbox' }) => BoundInput;
  /** Sets a field (for inputs that give a value rather than an event, e.g. Select). */
  setValue: <Field extends keyof Values & string>(field: Field, value: Values[Field]) => void;
  /** The message shown next to a field, for inputs that are not Mantine inputs. */
  errorOf: (field: FieldPath<Values>) => string | undefined;
  /** What belongs to no field: a failure that is not a validation failure, or an unknown field. */
  formError: string | null;
  /** Shows a failed submit (the server's 422 `errors` next to the fields, the rest above them). */
  capture: (error: unknown) => void;
  /**
   * The <form>'s onSubmit: checks the input against the schema (showing its messages next to
   * the fields) and, when it passes, hands the schema's output to `send` (trimmed text, '' → null
   * where the contract says so: the body the server would make of it).
   */
  submit: (send: (input: Output) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  /** The same check without a submit event: the output, or null after showing what is wrong. */
  check: () => Output | null;
}

/** What a Mantine input takes from the form: value (or checked), error, onChange, focus/blur. */
export type BoundInput = ReturnType<UseFormReturnType<FormValues>['getInputProps']>;

/**
 * A form driven by a contract schema (@mantine/form underneath). `toInput` turns the form's
 * values into the request body (e.g. '' → null); without it the values are the input. The schema
 * checks that input before it is sent, the server's 422 answer lands on the same fields.
 */
export function useZodForm<Schema extends z.ZodType, Values extends FormValues>(
  schema: Schema,
  initialValues: Values,
  toInput: (values: Values) => z.input<Schema> = (values) => values as z.input<Schema>,
): ZodForm<Values, z.output<Schema>> {
  const mantine = useForm<Values>({ mode: 'controlled', initialValues });
  const [formError, setFormError] = useState<string | null>(null);
  const [fields] = useState(() => fieldPathsOf(initialValues));
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

  const check = (): z.output<Schema> | null => {
    const checked = schema.safeParse(toInput(mantine.getValues()));
    if (!checked.success) {
      const issues = checked.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      }));
      show(fieldErrorsFor(issues, fields, 'The form is incomplete'));
      return null;
    }
    show({ fieldErrors: {}, formError: null });
    return checked.data;
  };

  const submit =
    (send: (input: z.output<Schema>) => void) => (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const input = check();
      if (input !== null) send(input);
    };

  return {
    mantine,
    values: mantine.values,
    bind: (field, options) => mantine.getInputProps(field, options),
    setValue: (field, value) => mantine.setFieldValue(field, value as never),
    errorOf: (field) => {
      const error: unknown = mantine.errors[field];
      return typeof error === 'string' ? error : undefined;
    },
    formError,
    capture,
    submit,
    check,
  };
}
