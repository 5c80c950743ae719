import { MantineProvider } from '@mantine/core';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, textOf } from '../../test/render';
import { FieldInput } from './FieldInput';
import {
  isAnswered,
  missingRequired,
  scoreOf,
  tableMissing,
  type RenderableField,
} from './field-logic';

const table: RenderableField = {
  id: 'table',
  name: 'Readings',
  type: 'TABLE',
  required: true,
  conditional: null,
  columns: [
    { id: 'where', name: 'Location', type: 'TEXT', required: true },
    { id: 'gap', name: 'Gap (mm)', type: 'NUMBER', required: true },
    { id: 'ok', name: 'Closes', type: 'BOOLEAN' },
  ],
};
const hinges: RenderableField = {
  id: 'hinges',
  name: 'Hinges',
  type: 'PASS_FAIL',
  score: 2,
  conditional: null,
};
const seals: RenderableField = { id: 'seals', name: 'Seals', type: 'PASS_FAIL', conditional: null };
const why: RenderableField = {
  id: 'why',
  name: 'Why?',
  type: 'TEXT',
  required: true,
  conditional: { field_id: 'hinges', value: 'FAIL' },
};

describe('inspection answers', () => {
  it('counts answers, required cells and the score as the server does', () => {
    expect(isAnswered(table, [])).toBe(false);
    expect(isAnswered(table, [{ where: 'Door 1' }])).toBe(true);
    expect(isAnswered({ ...hinges }, 'N_A')).toBe(true);
    expect(isAnswered({ id: 't', name: 'At', type: 'TIME', conditional: null }, '08:30')).toBe(
      true,
    );
    expect(tableMissing(table, [{ where: 'Door 1', gap: 3 }, { where: 'Door 2' }])).toBe(
      'Row 2: Gap (mm) needs an answer.',
    );
    const sections = [{ id: 's', name: 'Checks', fields: [hinges, seals, why, table] }];
    expect(missingRequired(sections, { hinges: 'FAIL' })).toEqual({
      why: 'This question needs an answer.',
      table: 'This question needs an answer.',
    });
    expect(scoreOf(sections, { hinges: 'FAIL', seals: 'PASS' })).toEqual({
      points: 1,
      max: 3,
      passed: 1,
      failed: 1,
      notApplicable: 0,
    });
    expect(scoreOf(sections, { hinges: 'N_A', seals: 'PASS' })).toMatchObject({
      points: 1,
      max: 1,
    });
    expect(scoreOf([{ id: 's', name: 'x', fields: [why] }], {})).toBeNull();
  });

  it('answers pass / fail / N/A and table rows on the fill screen', async () => {
    const seen: unknown[] = [];
    function Answer({ field }: { field: RenderableField }) {
      const [value, setValue] = useState<unknown>(null);
      return (
        <FieldInput
          field={field}
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
    const container = await render(
      <MantineProvider>
        <Answer field={hinges} />
        <Answer field={table} />
        <FieldInput
          field={{
            id: 'i',
            name: 'Before you start',
            type: 'INSTRUCTION',
            description: 'Close every door.',
            conditional: null,
          }}
          value={undefined}
          onChange={() => undefined}
          signerName="Olive"
          renderPhotos={() => null}
        />
      </MantineProvider>,
    );
    expect(textOf(container)).toContain('Close every door.');
    const button = (label: string) =>
      [...container.querySelectorAll('button')].find((b) => b.textContent === label)!;
    expect(textOf(container)).toContain('N/A');
    await act(async () => button('Fail').click());
    expect(seen.at(-1)).toBe('FAIL');
    expect(button('Fail').getAttribute('aria-checked')).toBe('true');
    expect(textOf(container)).toContain('No rows yet.');
    await act(async () => button('Add row').click());
    expect(seen.at(-1)).toEqual([{ where: null, gap: null, ok: null }]);
    expect(textOf(container)).toContain('Row 1');
    await act(async () => button('Add row').click());
    expect((seen.at(-1) as unknown[]).length).toBe(2);
    await act(async () =>
      container.querySelector<HTMLButtonElement>('[aria-label="Remove row 1"]')!.click(),
    );
    expect((seen.at(-1) as unknown[]).length).toBe(1);
  });
});
