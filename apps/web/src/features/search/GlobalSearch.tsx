import { ActionIcon, Box, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useOnFirstUse } from '../../ui/use-on-first-use';

const loadSearchBox = () => import('./SearchBox');

/**
 * The search box of the app shell's header: clients and projects (jobs and job sheets when they
 * match) as you type, ↑ ↓ to move, Enter to open, Esc to close. On phones an icon that opens a
 * full-width field over the header. The field's dropdown (SearchBox) loads on first focus; until
 * then a plain field of the same look stands in and keeps what is typed.
 */
export function GlobalSearch() {
  const wide = useMediaQuery('(min-width: 48em)', false);
  const [expanded, setExpanded] = useState(false);
  const [loaded, use] = useOnFirstUse(loadSearchBox);
  const typed = useRef('');

  const field = (props: { autoFocus?: boolean; onDone?: () => void }) =>
    loaded ? (
      <loaded.SearchBox {...props} initialInput={typed.current} />
    ) : (
      <TextInput
        aria-label="Quick search"
        placeholder="Search projects, jobs and sheets"
        leftSection={<IconSearch size={16} />}
        defaultValue={typed.current}
        onChange={(event) => (typed.current = event.currentTarget.value)}
        onFocus={use}
        autoFocus={props.autoFocus}
        w="100%"
        maw={{ base: '100%', sm: 420 }}
        mx="auto"
        style={{ flex: 1 }}
      />
    );

  // The field loads on focus: it takes the focus over from its stand-in.
  if (wide) return field({ autoFocus: loaded !== null });
  if (!expanded) {
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        ml="auto"
        aria-label="Open quick search"
        onClick={() => {
          use();
          setExpanded(true);
        }}
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
      {field({
        autoFocus: true,
        onDone: () => {
          typed.current = '';
          setExpanded(false);
        },
      })}
    </Box>
  );
}
