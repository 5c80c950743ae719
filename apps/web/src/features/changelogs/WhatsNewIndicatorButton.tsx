import { ActionIcon, Indicator } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, Ref } from 'react';

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
