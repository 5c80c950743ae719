import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { render, textOf, waitFor } from '../../test/render';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

const meter = (password: string, userInputs?: string[]) =>
  render(
    <MantineProvider>
      <PasswordStrengthMeter password={password} userInputs={userInputs} />
    </MantineProvider>,
  );

describe('the password strength meter', () => {
  it('says a common password is too easy to guess, and why', async () => {
    const container = await meter('password');
    const text = await waitFor(() => {
      const shown = textOf(container);
      expect(shown).toMatch(/Strength: Very weak/);
      return shown;
    }, 5000);
    expect(text).toMatch(/Too easy to guess: .*heavily used password/);
    expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe(
      'Strength: Very weak',
    );
  });

  it('says a strong password is good enough', async () => {
    const container = await meter('tangerine vault ledger');
    await waitFor(
      () => expect(textOf(container)).toMatch(/Strength: Very strong\. Good enough\./),
      5000,
    );
  });

  it("rates the person's own name as weak, and shows nothing before typing", async () => {
    const named = await meter('margueritefontaine', ['Marguerite Fontaine']);
    await waitFor(() => expect(textOf(named)).toMatch(/Too easy to guess/), 5000);
    const empty = await meter('');
    await waitFor(() => expect(textOf(named)).toMatch(/Too easy to guess/));
    expect(empty.querySelector('[data-testid="password-strength"]')).toBeNull();
  });
});
