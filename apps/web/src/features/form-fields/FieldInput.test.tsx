import { MantineProvider } from '@mantine/core';
import { TEXT_ANSWER_MAX } from '@fieldwork/contract';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, textOf } from '../../test/render';
import { FieldInput } from './FieldInput';

function Answer({ large, seen }: { large: boolean; seen: unknown[] }) {
  const [value, setValue] = useState<unknown>('');
  return (
    <FieldInput
      field={{ id: 'f1', name: 'Notes', type: 'TEXT', large_text: large, conditional: null }}
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
      signerName="Olive"
      renderPhotos={() => null}
    />
  );
}

async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = Object.getPrototypeOf(element) as object;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'value');
  await act(async () => {
    descriptor?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('a text answer over the limit', () => {
  // (A large text is the same TextAnswer in a Textarea, whose autosize happy-dom cannot measure.)
  it.each([false])(
    'keeps the first characters and says so as the user types (large text: %s)',
    async (large) => {
      const seen: unknown[] = [];
      const container = await render(
        <MantineProvider>
          <Answer large={large} seen={seen} />
        </MantineProvider>,
      );
      const input = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(
        large ? 'textarea' : 'input',
      )!;
      await type(input, 'x'.repeat(TEXT_ANSWER_MAX - 10));
      expect(textOf(container)).toContain('10 of 20,000 characters left');
      await type(input, 'x'.repeat(TEXT_ANSWER_MAX + 5));
      expect((seen.at(-1) as string).length).toBe(TEXT_ANSWER_MAX);
      expect(textOf(container)).toContain('At most 20,000 characters: the rest was not kept.');
      await type(input, 'short');
      expect(textOf(container)).not.toContain('the rest was not kept');
    },
  );
});
