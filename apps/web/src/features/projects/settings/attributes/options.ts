import type { AttributeOption } from '@fieldwork/contract';

/**
 * The options of a SELECT or MULTI_SELECT attribute while they are edited. Saved options keep
 * their id and are archived rather than removed (values that chose them still read); an option
 * added in this edit has no id yet, so taking it back simply drops it.
 */
export interface EditableOption {
  /** Stable React key: the id, or a local one for a new option. */
  key: string;
  id?: string;
  name: string;
  archived: boolean;
}

export interface OptionInput {
  id?: string;
  name: string;
  archived?: boolean;
}

export function optionsFromRecord(options: readonly AttributeOption[]): EditableOption[] {
  return options.map((option) => ({
    key: option.id,
    id: option.id,
    name: option.name,
    archived: option.archived_at !== null,
  }));
}

const normalised = (name: string) => name.trim().toLocaleLowerCase();

/** Why `name` cannot be added (or renamed to), or null when it can. */
export function optionNameProblem(
  options: readonly EditableOption[],
  name: string,
  exceptKey?: string,
): string | null {
  if (!name.trim()) return 'Enter a name';
  const taken = options.some(
    (option) => option.key !== exceptKey && normalised(option.name) === normalised(name),
  );
  return taken ? 'An option with this name exists' : null;
}

let nextLocalKey = 0;

export function addOption(options: readonly EditableOption[], name: string): EditableOption[] {
  if (optionNameProblem(options, name)) return [...options];
  nextLocalKey += 1;
  return [...options, { key: `new-${nextLocalKey}`, name: name.trim(), archived: false }];
}

export function renameOption(
  options: readonly EditableOption[],
  key: string,
  name: string,
): EditableOption[] {
  return options.map((option) => (option.key === key ? { ...option, name } : option));
}

/** Archives or unarchives a saved option; "archiving" an unsaved one removes it. */
export function setOptionArchived(
  options: readonly EditableOption[],
  key: string,
  archived: boolean,
): EditableOption[] {
  return options.flatMap((option) => {
    if (option.key !== key) return [option];
    if (!option.id && archived) return [];
    return [{ ...option, archived }];
  });
}

/** The `options` of a create or update body, names trimmed. */
export function toOptionInputs(options: readonly EditableOption[]): OptionInput[] {
  return options.map((option) => ({
    ...(option.id && { id: option.id }),
    name: option.name.trim(),
    archived: option.archived,
  }));
}

/** Keys of options whose (trimmed) name is blank or repeats an earlier option's. */
export function invalidOptionKeys(options: readonly EditableOption[]): Set<string> {
  const seen = new Set<string>();
  const invalid = new Set<string>();
  for (const option of options) {
    const name = normalised(option.name);
    if (!name || seen.has(name)) invalid.add(option.key);
    seen.add(name);
  }
  return invalid;
}
