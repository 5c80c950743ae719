import { describe, expect, it } from 'vitest';
import {
  blankBuilderValues,
  conditionalSources,
  moveField,
  newBuilderId,
  newField,
  validateBuilder,
  withType,
  type BuilderValues,
} from './builder-state';

function form(): BuilderValues {
  const choice = newField('SELECT', 'Damaged?');
  const notes = newField('TEXT', 'Notes');
  const sign = newField('SIGNATURE', 'Sign');
  return {
    name: 'Inspection',
    sections: [
      { id: 'a'.repeat(24), name: 'One', fields: [choice, notes] },
      { id: 'b'.repeat(24), name: 'Two', fields: [sign] },
    ],
  };
}

describe('form builder state', () => {
  it('offers only earlier choice and yes/no fields as conditional sources', () => {
    const values = form();
    const [choice, notes] = values.sections[0]!.fields;
    const sign = values.sections[1]!.fields[0]!;
    expect(conditionalSources(values, sign.id).map((f) => f.id)).toEqual([choice!.id]);
    expect(conditionalSources(values, choice!.id)).toEqual([]);
    expect(conditionalSources(values, notes!.id).map((f) => f.name)).toEqual(['Damaged?']);
  });

  it('moves a field across sections', () => {
    const values = form();
    const sign = values.sections[1]!.fields[0]!;
    const sections = moveField(values, sign.id, values.sections[0]!.id, 1);
    expect(sections.map((s) => s.fields.map((f) => f.name))).toEqual([
      ['Damaged?', 'Sign', 'Notes'],
      [],
    ]);
  });

  it('reports what the server would refuse, at the server’s paths', () => {
    const values = form();
    const [choice, notes] = values.sections[0]!.fields;
    expect(validateBuilder(values)).toEqual({});
    notes!.large_text = true;
    notes!.conditional = { field_id: choice!.id, value: choice!.options[0]!.id };
    expect(validateBuilder(values)).toEqual({});
    choice!.conditional = { field_id: notes!.id, value: true };
    expect(validateBuilder(values)['sections.0.fields.0.conditional']).toMatch(
      /choice, yes\/no or pass/,
    );
    choice!.conditional = null;
    values.sections[1]!.fields[0]!.remember = true;
    values.sections[0]!.name = '';
    const errors = validateBuilder(values);
    expect(errors['sections.1.fields.0.remember']).toBeDefined();
    expect(errors['sections.0.name']).toBeDefined();
  });

  it('clears settings another type cannot have when the type changes', () => {
    const number = { ...newField('NUMBER', 'Count'), precision: 2 };
    const text = withType(number, 'TEXT');
    expect(text).toMatchObject({ id: number.id, type: 'TEXT', precision: null, options: [] });
    expect(withType(text, 'MULTI_SELECT').options).toHaveLength(1);
  });
});

describe('form builder state: inspection fields', () => {
  it('starts each new type with what it needs and names wrong table columns at the server’s paths', () => {
    expect(newField('PASS_FAIL', 'Hinges').score).toBe(1);
    expect(newField('TABLE', 'Readings').columns).toMatchObject([{ name: 'Item', type: 'TEXT' }]);
    const table = newField('TABLE', 'Readings');
    table.columns = [
      { ...table.columns[0]!, name: 'Gap' },
      { ...table.columns[0]!, id: newBuilderId(), name: 'gap' },
      { id: newBuilderId(), name: 'Kind', type: 'SELECT', required: false, options: [] },
    ];
    const instruction = { ...newField('INSTRUCTION', 'Read me'), required: true };
    const values = {
      ...blankBuilderValues(),
      name: 'Survey',
      sections: [{ id: newBuilderId(), name: 'One', fields: [table, instruction] }],
    };
    expect(validateBuilder(values)).toEqual({
      'sections.0.fields.0.columns.1.name': 'Another column has this name.',
      'sections.0.fields.0.columns.2.options': 'Add at least one option.',
      'sections.0.fields.1.required': 'Instruction text takes no answer: it cannot be required.',
    });
    // Changing to instruction text drops required.
    expect(withType({ ...newField('TEXT', 'Q'), required: true }, 'INSTRUCTION').required).toBe(
      false,
    );
  });
});
