import { useCallback, useRef, useState } from 'react';
import { loadAllStyles } from './load-all-styles';

/**
 * Loads a module the first time a stand-in is used (clicked, focused, hovered), so that what only
 * that use needs (a menu, a dropdown, a panel) stays off the first load. Until it has loaded, the
 * caller keeps rendering its stand-in: the same element, so focus and anything typed stay put.
 * Mantine's complete styles load with it (the first page carries only its own sheets). A failed
 * load leaves the stand-in, and the next use tries again.
 */
export function useOnFirstUse<Module>(load: () => Promise<Module>): [Module | null, () => void] {
  const [loaded, setLoaded] = useState<Module | null>(null);
  const started = useRef(false);
  const use = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([load(), loadAllStyles()]).then(
      ([module]) => setLoaded(() => module),
      (error: unknown) => {
        started.current = false;
        console.error(error);
      },
    );
  }, [load]);
  return [loaded, use];
}
