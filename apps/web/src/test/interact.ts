import { act } from 'react';
import { waitFor } from './render';

/** The input a visible label names (Mantine marks required fields with a trailing "*"). */
export function fieldByLabel(label: string): HTMLInputElement {
  const element = [...document.querySelectorAll('label')].find(
    (candidate) => candidate.textContent?.replace(/\s*\*\s*$/, '').trim() === label,
  );
  const input = element?.htmlFor ? document.getElementById(element.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled "${label}"`);
  return input;
}

/** Types a value into a field the way React sees it (native setter, then an input event). */
export async function fill(label: string, value: string): Promise<void> {
  await waitFor(() => {
    const input = fieldByLabel(label);
    const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    act(() => {
      descriptor?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  });
}

/** A button or link by its text or aria-label. */
export function control(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('button, a, [role="menuitem"]')].find(
    (element) =>
      element.getAttribute('aria-label') === name || element.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button or link "${name}"`);
  return found;
}

export async function click(name: string): Promise<void> {
  await waitFor(() => act(() => control(name).click()));
}
