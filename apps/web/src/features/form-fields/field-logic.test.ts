import { describe, expect, it } from 'vitest';
import {
  clampStep,
  dateInputValue,
  missingRequired,
  REQUIRED_MESSAGE,
  startingAnswers,
  stepState,
  type RenderableField,
  type RenderableSection,
} from './field-logic';

const id = (c: string) => c.repeat(24);
const damaged: RenderableField = {
  id: id('a'),
  name: 'Damaged?',
  type: 'BOOLEAN',
  required: true,
};
const photo: RenderableField = {
  id: id('b'),
  name: 'Photo of the damage',
  type: 'PHOTO',
  required: true,
  conditional: { field_id: id('a'), value: true },
};
const kind: RenderableField = {
  id: id('c'),
  name: 'Kind',
  type: 'SELECT',
  required: true,
  remember: true,
  options: [
    { id: id('1'), name: 'Fire door' },
    { id: id('2'), name: 'Old door', archived_at: '2026-01-01T00:00:00Z' },
  ],
};
const notes: RenderableField = { id: id('d'), name: 'Notes', type: 'TEXT', remember: true };
const when: RenderableField = { id: id('e'), name: 'When', type: 'DATE', default_to_now: true };
const sign: RenderableField = { id: id('f'), name: 'Sign', type: 'SIGNATURE', required: true };

const sections: RenderableSection[] = [
  { id: id('s'), name: 'Door', fields: [damaged, photo, kind] },
  { id: id('t'), name: 'Sign off', fields: [notes, when, sign] },
];

describe('required when shown', () => {
  it('asks for a required field only while its conditional shows it', () => {
    expect(Object.keys(missingRequired(sections, { [damaged.id]: false }))).toEqual([
      kind.id,
      sign.id,
    ]);
    const shown = missingRequired(sections, { [damaged.id]: true });
    expect(shown[photo.id]).toBe(REQUIRED_MESSAGE);
  });

  it('counts a photo field answered by its uploaded photos, a signature by its image', () => {
    const answers = {
      [damaged.id]: true,
      [kind.id]: id('1'),
      [sign.id]: {
        name: 'A',
        width: 1,
        height: 1,
        signature: 'data:image/png;base64,x',
        timestamp: '',
      },
    };
    expect(missingRequired(sections, answers, { [photo.id]: 1 })).toEqual({});
    expect(Object.keys(missingRequired(sections, answers, { [photo.id]: 0 }))).toEqual([photo.id]);
    expect(
      Object.keys(
        missingRequired(sections, { ...answers, [sign.id]: { signature: '' } }, { [photo.id]: 1 }),
      ),
    ).toEqual([sign.id]);
  });

  it('does not take a blank text or an empty choice as an answer', () => {
    const text = { ...notes, required: true };
    const form = [{ id: id('s'), name: 'S', fields: [text] }];
    expect(missingRequired(form, { [text.id]: '   ' })).toHaveProperty(text.id);
    expect(missingRequired(form, { [text.id]: 'ok' })).toEqual({});
  });
});

describe('steps', () => {
  it('knows the first and last step and stays within the sections', () => {
    expect(stepState(sections, 0, {})).toMatchObject({ current: 0, isFirst: true, isLast: false });
    expect(stepState(sections, 5, {})).toMatchObject({ current: 1, isLast: true });
    expect(clampStep(-2, 2)).toBe(0);
    expect(clampStep(Number.NaN, 2)).toBe(0);
    expect(clampStep(1, 0)).toBe(0);
  });

  it('names the steps that hold an error', () => {
    expect(stepState(sections, 0, { [sign.id]: 'x' }).stepsWithErrors).toEqual([1]);
    expect(stepState(sections, 0, { [kind.id]: 'x', [sign.id]: 'x' }).stepsWithErrors).toEqual([
      0, 1,
    ]);
  });
});

describe('starting answers', () => {
  const now = new Date(2026, 2, 4, 9, 5);

  it('pre-fills remembered fields and dates that default to now, keeping given answers', () => {
    const answers = startingAnswers(
      sections,
      { [notes.id]: 'mine' },
      { [notes.id]: 'old', [kind.id]: id('1') },
      now,
    );
    expect(answers[notes.id]).toBe('mine');
    expect(answers[kind.id]).toBe(id('1'));
    expect(answers[when.id]).toBe('2026-03-04');
  });

  it('does not bring back an option archived since, nor a field that is not remembered', () => {
    const answers = startingAnswers(sections, {}, { [kind.id]: id('2'), [damaged.id]: true }, now);
    expect(answers[kind.id]).toBeUndefined();
    expect(answers[damaged.id]).toBeUndefined();
  });

  it('writes date-time values for the inputs', () => {
    expect(dateInputValue(now, true)).toBe('2026-03-04T09:05');
  });
});
