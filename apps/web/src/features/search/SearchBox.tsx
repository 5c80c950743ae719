import { Combobox, CloseButton, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useGlobalSearch } from './search-api';
import { allHits, groupSearchResult } from './search-results';
import { SearchDropdownGroups } from './SearchDropdownGroups';

export interface SearchBoxProps {
  autoFocus?: boolean;
  onDone?: () => void;
  /** What was typed into the stand-in field before this loaded (GlobalSearch). */
  initialInput?: string;
}

/** The quick search field with its results dropdown (Combobox); loaded on first use. */
export function SearchBox({ autoFocus = false, onDone, initialInput = '' }: SearchBoxProps) {
  const { slug } = useCurrentOrganisation();
  const navigate = useNavigate();
  const [input, setInput] = useState(initialInput);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const found = useGlobalSearch(input);

  const groups = useMemo(
    () => (found.result ? groupSearchResult(found.result, slug) : []),
    [found.result, slug],
  );
  const hits = useMemo(() => allHits(groups), [groups]);

  // A new answer (only that) selects its first hit, so Enter opens it.
  useEffect(() => {
    if (hits.length > 0) combobox.selectFirstOption();
    else combobox.resetSelectedOption();
  }, [hits]);

  const open = (key: string) => {
    const hit = hits.find((candidate) => candidate.key === key);
    if (!hit) return;
    combobox.closeDropdown();
    setInput('');
    onDone?.();
    void navigate(hit.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Esc with nothing open leaves the search (and, on phones, folds it away).
    if (event.key === 'Escape' && !combobox.dropdownOpened) {
      setInput('');
      onDone?.();
    }
  };

  const showDropdown = found.term !== null;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={open}
      withinPortal
      position="bottom-start"
      width="target"
      offset={6}
    >
      <Combobox.Target>
        <TextInput
          aria-label="Quick search"
          placeholder="Search projects, jobs and sheets"
          leftSection={<IconSearch size={16} />}
          rightSection={
            found.isFetching ? (
              <Loader size={14} role="status" aria-label="Searching" />
            ) : (
              (input || onDone) && (
                <CloseButton
                  aria-label={onDone ? 'Close quick search' : 'Clear quick search'}
                  onClick={() => {
                    setInput('');
                    combobox.closeDropdown();
                    onDone?.();
                  }}
                />
              )
            )
          }
          value={input}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
          autoFocus={autoFocus}
          w="100%"
          maw={{ base: '100%', sm: 420 }}
          mx="auto"
          style={{ flex: 1 }}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!showDropdown} miw={280}>
        <Combobox.Options mah={420} style={{ overflowY: 'auto' }} aria-label="Search results">
          {found.error ? (
            <Combobox.Empty>
              <Text size="sm" c="red">
                Search failed: {errorMessage(found.error)}
              </Text>
            </Combobox.Empty>
          ) : !found.result ? (
            <Combobox.Empty>Searching…</Combobox.Empty>
          ) : hits.length === 0 ? (
            <Combobox.Empty>
              <Group gap={6} justify="center">
                No matches for “{found.term}”
              </Group>
            </Combobox.Empty>
          ) : (
            <SearchDropdownGroups groups={groups} />
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
