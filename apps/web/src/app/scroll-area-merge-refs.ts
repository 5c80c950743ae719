import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * What Mantine's ScrollArea imports from `@floating-ui/react` (its one import from there), served
 * by Mantine's own hook so that the first page, whose Table brings ScrollArea along, does not
 * download the positioning library menus and dropdowns use (vite.config.ts redirects the import).
 * Same contract: one callback ref that sets every given ref, with React 19 cleanups.
 */
export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>) {
  return useMergedRef<Instance>(...refs);
}
