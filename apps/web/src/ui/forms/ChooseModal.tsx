import { MultiSelect, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { errorMessage } from '../../api/errors';
import { FormDialog } from './FormDialog';
import { MutationForm } from './MutationForm';
import { useZodForm } from './use-zod-form';

/** What a chooser offers: records by id, with their names. */
export interface ChooseOptions {
  data: ReadonlyArray<{ value: string; label: string }>;
  pending: boolean;
  error: unknown;
}

export interface ChooseModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The body field the chosen ids are sent in, so a 422 naming it lands on the picker. */
  field: string;
  /** Checks `{ [field]: ids }` before sending. */
  schema: z.ZodType;
  /** Chosen when the dialog opens. */
  initial?: string[];
  /** The picker's label ("Forms"); its placeholders say "Choose forms", "Loading forms…". */
  label: string;
  options: ChooseOptions;
  /** Said when the picker offers nothing (more) to choose. */
  nothingFound: string;
  /** A line above the picker. */
  intro?: string;
  submitLabel: string;
  /** Sends the chosen ids. */
  save: UseMutationResult<unknown, Error, string[]>;
  /** The notification after saving, e.g. "2 forms added". */
  saved: (ids: string[]) => string;
}

/** A dialog that chooses several records of a list and sends their ids. */
export function ChooseModal({ opened, onClose, title, ...form }: ChooseModalProps) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={title}>
      <ChooseForm {...form} onDone={onClose} />
    </FormDialog>
  );
}

function ChooseForm({
  field,
  schema,
  initial = [],
  label,
  options,
  nothingFound,
  intro,
  submitLabel,
  save,
  saved,
  onDone,
}: Omit<ChooseModalProps, 'opened' | 'onClose' | 'title'> & { onDone: () => void }) {
  const form = useZodForm(schema, { [field]: initial });
  const noun = label.toLowerCase();

  const idsOf = (input: unknown) => (input as Record<string, string[] | undefined>)[field] ?? [];

  return (
    <MutationForm
      form={form}
      mutation={save}
      variables={idsOf}
      notice={(_, input) => saved(idsOf(input))}
      onDone={onDone}
      submitLabel={submitLabel}
    >
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
      <MultiSelect
        label={label}
        placeholder={options.pending ? `Loading ${noun}…` : `Choose ${noun}`}
        data={options.data}
        value={form.values[field]}
        onChange={(ids) => form.setValue(field, ids)}
        searchable
        clearable
        // Picked options stay in the list (ticked): hiding them left the open list empty once
        // the last one was picked, a listbox without options (axe: aria-required-children).
        maxDropdownHeight={260}
        nothingFoundMessage={nothingFound}
        error={form.errorOf(field) ?? (options.error ? errorMessage(options.error) : undefined)}
        comboboxProps={{ withinPortal: true }}
      />
    </MutationForm>
  );
}
