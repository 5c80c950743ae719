import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { click } from '../../../test/interact';
import { render } from '../../../test/render';
import { legendOf, NO_STATUS } from './pins';
import { StatusLegend } from './StatusLegend';
import { drawingRecord, locationRecord, statusRecords } from './test/viewer-fixtures';

const [pending, active, done] = statusRecords();
const statuses = [pending, active, done];
const drawing = drawingRecord();
const locations = [
  locationRecord({ status: pending }),
  locationRecord({ status: active }),
  locationRecord({ status: active }),
  locationRecord({ status: null }),
];

async function legend(hidden: Set<string>, onHiddenChange = vi.fn()) {
  await render(
    <MantineProvider>
      <StatusLegend
        entries={legendOf(locations, statuses, drawing)}
        hidden={hidden}
        onHiddenChange={onHiddenChange}
      />
    </MantineProvider>,
  );
  return onHiddenChange;
}

const box = (name: RegExp) =>
  [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].find((input) =>
    name.test(input.getAttribute('aria-label') ?? ''),
  );

describe('the legend of a drawing', () => {
  it('shows each status with its count, and those without a status', async () => {
    await legend(new Set());
    expect(box(/^Show Not started/)?.getAttribute('aria-label')).toBe('Show Not started (1)');
    expect(box(/^Show In progress/)?.getAttribute('aria-label')).toBe('Show In progress (2)');
    expect(box(/^Show Complete/)?.getAttribute('aria-label')).toBe('Show Complete (0)');
    expect(box(/^Show No status/)?.getAttribute('aria-label')).toBe('Show No status (1)');
  });

  it('hides a status when its box is cleared, and shows one alone with Only', async () => {
    const changed = await legend(new Set([done.id]));
    expect(box(/^Show Complete/)?.checked).toBe(false);
    act(() => box(/^Show In progress/)?.click());
    expect(changed).toHaveBeenLastCalledWith(new Set([done.id, active.id]));
    await click('Show only Not started');
    expect(changed).toHaveBeenLastCalledWith(new Set([active.id, done.id, NO_STATUS]));
    await click('Show every status');
    expect(changed).toHaveBeenLastCalledWith(new Set());
  });
});
