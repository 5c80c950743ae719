import type { AttributeOption } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import {
  addOption,
  invalidOptionKeys,
  optionNameProblem,
  optionsFromRecord,
  renameOption,
  setOptionArchived,
  toOptionInputs,
} from './options';

const saved: AttributeOption[] = [
  { id: 'o1', name: 'Red', archived_at: null },
  { id: 'o2', name: 'Blue', archived_at: '2026-01-01T00:00:00Z' },
];

describe('attribute options editing', () => {
  it('reads saved options with their archived state', () => {
    expect(optionsFromRecord(saved)).toEqual([
      { key: 'o1', id: 'o1', name: 'Red', archived: false },
      { key: 'o2', id: 'o2', name: 'Blue', archived: true },
    ]);
  });

  it('adds a trimmed new option without an id, refusing blanks and repeats', () => {
    const options = addOption(optionsFromRecord(saved), '  Green ');
    expect(options).toHaveLength(3);
    expect(options[2]).toMatchObject({ name: 'Green', archived: false });
    expect(options[2]?.id).toBeUndefined();
    expect(addOption(options, 'green')).toHaveLength(3);
    expect(addOption(options, '   ')).toHaveLength(3);
    expect(optionNameProblem(options, 'RED')).toBe('An option with this name exists');
    expect(optionNameProblem(options, '')).toBe('Enter a name');
    expect(optionNameProblem(options, 'Red', 'o1')).toBeNull();
  });

  it('renames by key', () => {
    const options = renameOption(optionsFromRecord(saved), 'o1', 'Crimson');
    expect(options.map((option) => option.name)).toEqual(['Crimson', 'Blue']);
  });

  it('archives and unarchives saved options, and drops unsaved ones instead of archiving', () => {
    let options = optionsFromRecord(saved);
    options = setOptionArchived(options, 'o1', true);
    options = setOptionArchived(options, 'o2', false);
    expect(options.map((option) => option.archived)).toEqual([true, false]);
    options = addOption(options, 'Green');
    const newKey = options[2]?.key ?? '';
    expect(setOptionArchived(options, newKey, true)).toHaveLength(2);
  });

  it('builds the body: ids for saved options, archived flags, trimmed names', () => {
    const options = renameOption(addOption(optionsFromRecord(saved), 'Green'), 'o1', ' Red ');
    expect(toOptionInputs(options)).toEqual([
      { id: 'o1', name: 'Red', archived: false },
      { id: 'o2', name: 'Blue', archived: true },
      { name: 'Green', archived: false },
    ]);
  });

  it('finds blank and repeated names', () => {
    const options = renameOption(renameOption(optionsFromRecord(saved), 'o2', 'red'), 'o1', 'Red');
    expect([...invalidOptionKeys(options)]).toEqual(['o2']);
    expect([...invalidOptionKeys(renameOption(options, 'o1', ' '))]).toEqual(['o1']);
  });
});
