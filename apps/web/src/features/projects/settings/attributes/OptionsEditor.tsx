import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Input,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import {
  addOption,
  invalidOptionKeys,
  optionNameProblem,
  renameOption,
  setOptionArchived,
} from './options';
import type { EditableOption } from './options';

/** The choices of a SELECT or MULTI_SELECT attribute: add, rename, archive and unarchive. */
export function OptionsEditor({
  options,
  onChange,
  error,
}: {
  options: EditableOption[];
  onChange: (options: EditableOption[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const invalid = invalidOptionKeys(options);

  function add() {
    const problem = optionNameProblem(options, draft);
    if (problem) {
      setDraftError(problem);
      return;
    }
    onChange(addOption(options, draft));
    setDraft('');
  }
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds the option rather than submitting the whole form
    add();
  };

  return (
    <Input.Wrapper label="Options" error={error} labelElement="div">
      <Stack gap={6} mt={4}>
        {options.length === 0 && (
          <Text size="sm" c="dimmed">
            No options yet. Add the choices people pick from.
          </Text>
        )}
        {options.map((option) => (
          <Group key={option.key} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`Option ${option.name || 'without a name'}`}
              value={option.name}
              onChange={(event) =>
                onChange(renameOption(options, option.key, event.currentTarget.value))
              }
              error={
                invalid.has(option.key)
                  ? (optionNameProblem(options, option.name, option.key) ?? 'Repeated name')
                  : undefined
              }
              readOnly={option.archived}
              style={{ flex: 1 }}
              styles={{
                input: option.archived
                  ? { textDecoration: 'line-through', color: 'var(--mantine-color-dimmed)' }
                  : undefined,
              }}
              rightSection={
                option.archived ? (
                  <Badge size="xs" color="gray">
                    Archived
                  </Badge>
                ) : null
              }
              rightSectionWidth={option.archived ? 72 : undefined}
            />
            <ArchiveButton
              option={option}
              onToggle={(archived) => onChange(setOptionArchived(options, option.key, archived))}
            />
          </Group>
        ))}
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label="New option"
            placeholder="New option"
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setDraftError(null);
            }}
            onKeyDown={addOnEnter}
            error={draftError}
            style={{ flex: 1 }}
          />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
            Add option
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

function ArchiveButton({
  option,
  onToggle,
}: {
  option: EditableOption;
  onToggle: (archived: boolean) => void;
}) {
  const name = option.name || 'option';
  const [label, Icon] = !option.id
    ? [`Remove ${name}`, IconX]
    : option.archived
      ? [`Unarchive ${name}`, IconArchiveOff]
      : [`Archive ${name}`, IconArchive];
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        onClick={() => onToggle(!option.archived)}
      >
        <Icon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
