import { Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormActions } from './FormActions';
import { FormErrorAlert } from './FormErrorAlert';

/**
 * The skeleton of a dialog's form: the form's error above its fields, Cancel and submit below.
 * `onSubmit` is usually `form.submit(send)` of a useZodForm form.
 */
export function ModalForm({
  onSubmit,
  formError,
  submitLabel,
  pending,
  onCancel,
  disabled,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formError: string | null;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  disabled?: boolean;
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
        />
      </Stack>
    </form>
  );
}
