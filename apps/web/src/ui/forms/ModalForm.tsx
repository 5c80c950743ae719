import { Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormActions } from './FormActions';
import { FormErrorAlert } from './FormErrorAlert';

/**
 * The skeleton of a form: the form's error above its fields, Cancel (when `onCancel` is given)
 * and submit below. `onSubmit` is usually `form.submit(send)` of a useZodForm form; a dialog's
 * form and a page's form (without Cancel) look alike.
 */
export function ModalForm({
  onSubmit,
  formError,
  submitLabel,
  pending,
  onCancel,
  disabled,
  secondaryAction,
  danger,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formError: string | null;
  submitLabel: string;
  pending: boolean;
  onCancel?: () => void;
  disabled?: boolean;
  /** A second way out on the left of the buttons, e.g. "Remove site". */
  secondaryAction?: ReactNode;
  /** The submit destroys something (a delete): shown red. */
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert message={formError} />
        {children}
        <FormActions
          submitLabel={submitLabel}
          pending={pending}
          onCancel={onCancel}
          disabled={disabled}
          secondaryAction={secondaryAction}
          danger={danger}
        />
      </Stack>
    </form>
  );
}
