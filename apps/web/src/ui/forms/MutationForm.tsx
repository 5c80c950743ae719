import type { ComponentProps, FormEvent } from 'react';
import { notifySuccess } from '../feedback/notify';
import { ModalForm } from './ModalForm';
import type { ZodForm } from './use-zod-form';

/** What a form needs of a react-query mutation (a `useMutation` result fits). */
export interface FormMutation<Variables, Result> {
  mutate: (
    variables: Variables,
    options: { onSuccess: (result: Result) => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
}

/** The part of a useZodForm form that submits and shows a refusal. */
export type SubmittingForm<Output> = Pick<
  ZodForm<Record<string, unknown>, Output>,
  'submit' | 'capture' | 'formError'
>;

/** `variables` may be left out only when the checked input is what the mutation takes. */
type VariablesOption<Output, Variables> = [Output] extends [Variables]
  ? { variables?: (input: Output) => Variables }
  : { variables: (input: Output) => Variables };

/** What a mutation form is given besides its mutation. */
export type MutationFormOptions<Output, Result> = {
  form: SubmittingForm<Output>;
  /** Said after a success (from what the server answered and what was sent), before `onDone`. */
  notice: string | ((result: Result, input: Output) => string);
  /** Closes the form: its Cancel, and after a success. */
  onDone: () => void;
  /** After the notice and `onDone`, e.g. to open what was created. */
  onSaved?: (result: Result) => void;
  /** Instead of showing a refusal on the form's fields (`form.capture`). */
  onError?: (error: Error) => void;
  /**
   * A rule the schema cannot see, checked before it (e.g. one of two fields is needed): false
   * stops the submit, after the rule has shown its own message.
   */
  precheck?: () => boolean;
  /** A problem already shown next to a field (e.g. too many files): the form is checked, not sent. */
  blocked?: boolean;
} & Omit<ComponentProps<typeof ModalForm>, 'onSubmit' | 'formError' | 'pending' | 'onCancel'>;

export type MutationFormProps<Output, Variables, Result> = MutationFormOptions<Output, Result> & {
  mutation: FormMutation<Variables, Result>;
} & VariablesOption<Output, Variables>;

/**
 * A form that sends one mutation: the schema's check, the call (pending on the submit button),
 * a notice and `onDone` after a success, the server's refusal on the fields; Cancel is `onDone`.
 * A form built on it is its fields and its rules.
 */
export function MutationForm<Output, Variables, Result>(
  props: MutationFormProps<Output, Variables, Result>,
) {
  const { form, mutation, notice, onDone, onSaved, onError, precheck, blocked, ...shown } = props;
  const { variables, ...modalForm } = shown as typeof shown & {
    variables?: (input: Output) => Variables;
  };
  const toVariables = variables ?? ((input: Output) => input as unknown as Variables);

  const send = (input: Output) => {
    if (blocked) return;
    mutation.mutate(toVariables(input), {
      onSuccess: (result) => {
        notifySuccess(typeof notice === 'function' ? notice(result, input) : notice);
        onDone();
        onSaved?.(result);
      },
      onError: onError ?? form.capture,
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (precheck && !precheck()) {
      event.preventDefault();
      return;
    }
    form.submit(send)(event);
  };

  return (
    <ModalForm
      {...modalForm}
      onSubmit={onSubmit}
      formError={form.formError}
      pending={mutation.isPending}
      onCancel={onDone}
    />
  );
}
