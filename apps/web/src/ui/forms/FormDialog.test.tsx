import { MantineProvider, TextInput } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ValidationFailureError } from '../../api/errors';
import { click, fill } from '../../test/interact';
import { render, textOf, waitFor } from '../../test/render';
import { FormDialog } from './FormDialog';
import { ModalForm } from './ModalForm';
import { useZodForm } from './use-zod-form';

const schema = z.object({ name: z.string().trim().min(1, 'Required') });

const taken = new ValidationFailureError(
  422,
  {
    type: 'Validation Failure',
    message: 'The request is invalid',
    status: 422,
    code: 'VALIDATION_FAILURE',
    errors: [{ field: 'name', message: 'Name is taken', code: 'taken' }],
  },
  'fallback',
);

function NameForm({ send, onDone }: { send: (name: string) => void; onDone: () => void }) {
  const form = useZodForm(schema, { name: '' });
  return (
    <ModalForm
      onSubmit={form.submit(({ name }) => {
        send(name);
        form.capture(taken);
      })}
      formError={form.formError}
      submitLabel="Save"
      pending={false}
      onCancel={onDone}
    >
      <TextInput label="Name" {...form.bind('name')} />
    </ModalForm>
  );
}

function Page({ send }: { send: (name: string) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setOpened(true)}>
        Rename
      </button>
      <FormDialog opened={opened} title="Rename the site" onClose={() => setOpened(false)}>
        <NameForm send={send} onDone={() => setOpened(false)} />
      </FormDialog>
    </MantineProvider>
  );
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

describe('FormDialog', () => {
  it('holds a fresh form while open: title, schema and server errors on fields, cancel', async () => {
    const send = vi.fn();
    await render(<Page send={send} />);
    expect(dialog()).toBeNull();
    await click('Rename');
    await waitFor(() => expect(dialog()?.textContent).toContain('Rename the site'));

    await click('Save');
    await waitFor(() => expect(textOf(dialog()!)).toContain('Required'));
    expect(send).not.toHaveBeenCalled();

    await fill('Name', 'North yard');
    await click('Save');
    expect(send).toHaveBeenCalledWith('North yard');
    await waitFor(() => expect(textOf(dialog()!)).toContain('Name is taken'));

    await click('Cancel');
    await waitFor(() => expect(dialog()).toBeNull());
    await click('Rename');
    await waitFor(() => expect(dialog()).not.toBeNull());
    // Opened again, the form starts afresh.
    expect(textOf(dialog()!)).not.toContain('Name is taken');
  });
});
