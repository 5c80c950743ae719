import { describe, expect, it } from 'vitest';
import { checkFieldValue, checkFormValues, type ValueField } from './field-values';

const base = {
  required: false,
  large_text: false,
  precision: null,
  capture_time: false,
  options: [],
  conditional: null,
};
const field = (over: Partial<ValueField> & Pick<ValueField, 'id' | 'type'>): ValueField => ({
  name: over.id,
  ...base,
  ...over,
});
const opt = (id: string, archived = false) => ({
  id: id.padEnd(24, '0'),
  name: id,
  archived_at: archived ? '2026-01-01T00:00:00.000Z' : null,
});

describe('form field values', () => {
  it('checks each type', () => {
    const ok = (f: ValueField, v: unknown) => checkFieldValue(f, v).ok;
    expect(ok(field({ id: 't', type: 'TEXT' }), 'x'.repeat(1000))).toBe(true);
    expect(ok(field({ id: 't', type: 'TEXT' }), 'x'.repeat(1001))).toBe(false);
    expect(ok(field({ id: 't', type: 'TEXT', large_text: true }), 'x'.repeat(1001))).toBe(true);
    expect(ok(field({ id: 't', type: 'TEXT' }), 5)).toBe(false);
    expect(ok(field({ id: 'n', type: 'NUMBER', precision: 2 }), 1.25)).toBe(true);
    expect(ok(field({ id: 'n', type: 'NUMBER', precision: 2 }), 1.255)).toBe(false);
    expect(ok(field({ id: 'n', type: 'NUMBER' }), 3)).toBe(true);
    expect(ok(field({ id: 'n', type: 'NUMBER' }), '3')).toBe(false);
    expect(ok(field({ id: 'd', type: 'DATE' }), '2026-11-25')).toBe(true);
    expect(ok(field({ id: 'd', type: 'DATE' }), '2026-11-25T10:00:00Z')).toBe(false);
    expect(ok(field({ id: 'd', type: 'DATE', capture_time: true }), '2026-11-25T10:00:00Z')).toBe(
      true,
    );
    expect(ok(field({ id: 'd', type: 'DATE', capture_time: true }), 'soon')).toBe(false);
    const options = [opt('a'), opt('b', true)];
    expect(ok(field({ id: 's', type: 'SELECT', options }), opt('a').id)).toBe(true);
    expect(ok(field({ id: 's', type: 'SELECT', options }), opt('b').id)).toBe(false);
    expect(
      checkFieldValue(
        field({ id: 's', type: 'SELECT', options }),
        opt('b').id,
        new Set([opt('b').id]),
      ).ok,
    ).toBe(true);
    expect(ok(field({ id: 'm', type: 'MULTI_SELECT', options }), [opt('a').id])).toBe(true);
    expect(ok(field({ id: 'm', type: 'MULTI_SELECT', options }), [opt('a').id, opt('a').id])).toBe(
      false,
    );
    expect(ok(field({ id: 'b', type: 'BOOLEAN' }), false)).toBe(true);
    expect(ok(field({ id: 'b', type: 'BOOLEAN' }), 'yes')).toBe(false);
    expect(ok(field({ id: 'g', type: 'SIGNATURE' }), 'f'.repeat(24))).toBe(true);
    expect(ok(field({ id: 'g', type: 'SIGNATURE' }), 'data:image/png')).toBe(false);
    expect(ok(field({ id: 'p', type: 'PHOTO' }), ['f'.repeat(24)])).toBe(true);
    expect(ok(field({ id: 'p', type: 'PHOTO' }), 'f'.repeat(24))).toBe(false);
  });

  it('requires a conditional field only when it shows', () => {
    const damaged = field({ id: 'damaged', type: 'BOOLEAN' });
    const signature = field({
      id: 'sign',
      type: 'SIGNATURE',
      required: true,
      conditional: { field_id: 'damaged', value: true },
    });
    const fields = [damaged, signature];
    expect(checkFormValues(fields, { damaged: false }, { enforceRequired: true }).errors).toEqual(
      [],
    );
    expect(
      checkFormValues(fields, { damaged: true }, { enforceRequired: true }).errors.map(
        (e) => e.code,
      ),
    ).toEqual(['required']);
    expect(checkFormValues(fields, { damaged: true }, { enforceRequired: false }).errors).toEqual(
      [],
    );
    expect(
      checkFormValues(
        fields,
        { damaged: false, sign: 'f'.repeat(24) },
        { enforceRequired: false },
      ).errors.map((e) => e.code),
    ).toEqual(['hidden']);
    expect(
      checkFormValues(fields, { nope: 1 }, { enforceRequired: false }).errors.map((e) => e.field),
    ).toEqual(['field_values.nope']);
  });
});
