import { useState } from 'react';
import { useOnFirstUse } from '../../ui/use-on-first-use';
import { useUnviewedChangelogCount } from './changelogs-api';
import { WhatsNewIndicatorButton } from './WhatsNewIndicatorButton';

const loadPanel = () => import('./WhatsNewPanel');

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
