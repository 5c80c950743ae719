import { Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { notifySuccess } from '../../../../ui/feedback/notify';
import { FormActions } from '../../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { useValuesForm } from '../use-values-form';

/** What the name dialog is open for: a new block or level, or a new name for one. */
export interface NameTarget {
  title: string;
  submitLabel: string;
  placeholder: string;
  initial?: string;
  /** Sends the name; a 422 naming `name` shows next to the field. */
  save: (name: string) => Promise<unknown>;
  /** The notification after saving, e.g. "Block A added". */
  saved: (name: string) => string;
}

/** One name to type: adding or renaming a block or a level. */
export function NameModal({ target, onClose }: { target: NameTarget | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target?.title}>
      {target && <NameForm key={target.title} target={target} onDone={onClose} />}
    </Modal>
  );
}

function NameForm({ target, onDone }: { target: NameTarget; onDone: () => void }) {
  const form = useValuesForm({ name: target.initial ?? '' });
  const save = useMutation({ mutationFn: (name: string) => target.save(name) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const name = form.values.name.trim();
    save.mutate(name, {
      onSuccess: () => {
        notifySuccess(target.saved(name));
        onDone();
      },
      onError: form.capture,
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <TextInput
          label="Name"
          placeholder={target.placeholder}
          required
          data-autofocus
          value={form.values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.errorOf('name')}
        />
        <FormActions submitLabel={target.submitLabel} pending={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
