import { MantineProvider, ScrollArea, Select } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '../test/render';
import { theme } from './theme';

describe('the theme', () => {
  it('makes a scrolled region focusable, but not the option list inside a dropdown', async () => {
    await render(
      <MantineProvider theme={theme}>
        <ScrollArea h={50} data-testid="region">
          <p>Rows</p>
        </ScrollArea>
        <Select label="Trade" data={['Plumber', 'Roofer']} defaultDropdownOpened />
      </MantineProvider>,
    );
    const listbox = await waitFor(() => {
      const found = document.querySelector('[role="listbox"]');
      if (!found) throw new Error('no listbox yet');
      return found;
    });
    expect(document.querySelector('[data-testid="region"] [tabindex="0"]')).not.toBeNull();
    expect(listbox.querySelector('[tabindex]')).toBeNull();
  });
});
