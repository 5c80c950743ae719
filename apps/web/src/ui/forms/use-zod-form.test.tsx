import { MantineProvider, TextInput } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ValidationFailureError } from '../../api/errors';
import { click, fill, fieldByLabel } from '../../test/interact';
import { render, textOf, waitFor } from '../../test/render';
import { ModalForm } from './ModalForm';
import { fieldPathsOf, useZodForm } from './use-zod-form';

const contactSchema = z.object({
  name: z.string().trim().min(1, 'Required'),
  email: z.email('Must be a valid e-mail address').nullable(),
});

function validationFailure(errors: Array<{ field: string; message: string }>) {
  const body = {
    type: 'Validation Failure',
    message: 'The request is invalid',
    status: 422,
    code: 'VALIDATION_FAILURE',
    errors: errors.map((error) => ({ ...error, code: 'invalid' })),
  };
  return new ValidationFailureError(422, body, 'fallback');
}

type Send = (input: z.output<typeof contactSchema>, capture: (error: unknown) => void) => void;

function ContactForm({ send, onCancel = () => {} }: { send: Send; onCancel?: () => void }) {
  const form = useZodForm(contactSchema, { name: '', email: '' }, (values) => ({
    name: values.name,
    email: values.email.trim() || null,
  }));
  return (
    <ModalForm
      onSubmit={form.submit((input) => send(input, form.capture))}
      formError={form.formError}
      submitLabel="Create contact"
      pending={false}
      onCancel={onCancel}
    >
      <TextInput label="Name" {...form.bind('name')} />
      <TextInput label="E-mail" {...form.bind('email')} />
    </ModalForm>
  );
}

const show = (send: Send, onCancel?: () => void) =>
  render(
    <MantineProvider>
      <ContactForm send={send} onCancel={onCancel} />
    </MantineProvider>,
  );

const errorOf = (label: string) => {
  const id = fieldByLabel(label).getAttribute('aria-describedby') ?? '';
  return id
    ? (document.getElementById(id.split(' ').find((part) => part.endsWith('-error')) ?? '')
        ?.textContent ?? '')
    : '';
};

describe('useZodForm with ModalForm', () => {
  it("checks the input against the schema and shows the schema's messages next to the fields", async () => {
    const send = vi.fn<Send>();
    await show(send);
    await fill('E-mail', 'not-an-address');
    await click('Create contact');
    await waitFor(() => expect(textOf()).toContain('Required'));
    expect(textOf()).toContain('Must be a valid e-mail address');
    expect(errorOf('Name')).toBe('Required');
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the schema's output (trimmed) of the input made from the values once it passes", async () => {
    const send = vi.fn<Send>();
    await show(send);
    await fill('Name', '  Ada ');
    await click('Create contact');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]?.[0]).toEqual({ name: 'Ada', email: null });
  });

  it("puts the server's 422 errors next to their fields, unknown fields above the form, and clears a field's error on edit", async () => {
    await show((_input, capture) =>
      capture(
        validationFailure([
          { field: 'name', message: 'Already taken' },
          { field: 'client_id', message: 'No such client' },
        ]),
      ),
    );
    await fill('Name', 'Ada');
    await click('Create contact');
    await waitFor(() => expect(errorOf('Name')).toBe('Already taken'));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('No such client');
    await fill('Name', 'Ada B');
    await waitFor(() => expect(errorOf('Name')).toBe(''));
    expect(textOf()).not.toContain('Already taken');
  });

  it('shows a failure that is not a validation failure as the form error, and cancels', async () => {
    const onCancel = vi.fn();
    await show((_input, capture) => capture(new Error('The server is down')), onCancel);
    await fill('Name', 'Ada');
    await click('Create contact');
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe('The server is down'),
    );
    await click('Cancel');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('fieldPathsOf', () => {
  it('names each field and each field of a nested group, so nested errors land on their inputs', () => {
    expect(
      fieldPathsOf({ name: '', options: { timezone: '', country: '' }, tags: ['a'], at: null }),
    ).toEqual(['name', 'options', 'options.timezone', 'options.country', 'tags', 'at']);
  });
});
