import {
  ActionIcon,
  Box,
  CloseButton,
  Combobox,
  Group,
  Loader,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useGlobalSearch } from './search-api';
import { allHits, groupSearchResult } from './search-results';
import { SearchDropdownGroups } from './SearchDropdownGroups';

/**
 * The search box of the app shell's header: clients and projects (jobs and job sheets when they
 * match) as you type, ↑ ↓ to move, Enter to open, Esc to close. On phones an icon that opens a
 * full-width field over the header.
 */
export function GlobalSearch() {
  const wide = useMediaQuery('(min-width: 48em)', false);
  const [expanded, setExpanded] = useState(false);

  if (wide) return <SearchBox />;
  if (!expanded) {
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        ml="auto"
        aria-label="Open quick search"
        onClick={() => setExpanded(true)}
      >
        <IconSearch size={20} />
      </ActionIcon>
    );
  }
  return (
    <Box
      pos="fixed"
      top={0}
      left={0}
      right={0}
      h={56}
      px="sm"
      bg="var(--mantine-color-body)"
      style={{
        // Above the header's badges (indicators), below the dropdown's popover.
        zIndex: 'calc(var(--mantine-z-index-popover) - 1)',
        display: 'flex',
        alignItems: 'center',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <SearchBox autoFocus onDone={() => setExpanded(false)} />
    </Box>
  );
}

function SearchBox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const { slug } = useCurrentOrganisation();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
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
          placeholder="Search clients and projects"
          leftSection={<IconSearch size={16} />}
          rightSection={
            found.isFetching ? (
              <Loader size={14} aria-label="Searching" />
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
