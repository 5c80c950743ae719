import { ActionIcon, Indicator } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { useState } from 'react';
import { useOnFirstUse } from '../../ui/use-on-first-use';
import { useUnviewedChangelogCount } from './changelogs-api';

const loadPanel = () => import('./WhatsNewPanel');

/** The header's "What's new" button with its badge of unread updates (a tooltip's target). */
export function WhatsNewIndicatorButton({
  count,
  ref,
  ...props
}: ComponentPropsWithoutRef<'button'> & { count: number; ref?: Ref<HTMLDivElement> }) {
  const label = count > 0 ? `What's new (${count} unread)` : "What's new";
  return (
    <Indicator
      ref={ref}
      label={count > 9 ? '9+' : count}
      size={16}
      disabled={count === 0}
      color="red"
      offset={6}
    >
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} {...props}>
        <IconSparkles size={20} />
      </ActionIcon>
    </Indicator>
  );
}

/**
 * "What's new" in the app shell's header. Its tooltip and panel (WhatsNewPanel) load when the
 * button is first hovered, focused or pressed; a press opens the panel once it has loaded.
 */
export function WhatsNewButton() {
  const unviewed = useUnviewedChangelogCount();
  const [loaded, use] = useOnFirstUse(loadPanel);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (loaded) return <loaded.WhatsNewPanel defaultOpened={openOnLoad} />;
  return (
    <WhatsNewIndicatorButton
      count={unviewed.data ?? 0}
      onPointerEnter={use}
      onFocus={use}
      onClick={() => {
        setOpenOnLoad(true);
        use();
      }}
    />
  );
}
