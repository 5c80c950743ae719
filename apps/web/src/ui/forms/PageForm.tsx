import { Button, Group, Stack } from '@mantine/core';
import type { GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormErrorAlert } from './FormErrorAlert';
import { noticeAfter } from './close-after';
import type { FormMutation, SubmittingForm } from './MutationForm';

/**
 * A form on a page that stays open after saving: the form's error above its fields, the submit
 * below (only for those who may save), a notice after a success, the refusal on the fields.
 */
export function PageForm<Output, Result>({
  form,
  mutation,
  notice,
  submitLabel,
  editable,
  label,
  actionsJustify,
  children,
}: {
  form: SubmittingForm<Output>;
  /** Takes the checked input as it is. */
  mutation: FormMutation<Output, Result>;
  notice: string;
  submitLabel: string;
  /** Whether the submit shows (the fields are disabled otherwise). */
  editable: boolean;
  /** The form's accessible name. */
  label?: string;
  actionsJustify?: GroupProps['justify'];
  children: ReactNode;
}) {
  const send = (input: Output) => mutation.mutate(input, noticeAfter(notice, form));
  return (
    <form onSubmit={form.submit(send)} noValidate aria-label={label}>
      <Stack>
        <FormErrorAlert message={form.formError} />
        {children}
        {editable && (
          <Group justify={actionsJustify}>
            <Button type="submit" loading={mutation.isPending}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
