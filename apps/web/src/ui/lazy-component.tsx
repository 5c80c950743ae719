import { Suspense, lazy, useState } from 'react';
import type { LazyExoticComponent, ReactNode } from 'react';
import { loadAllStyles } from './load-all-styles';
import { PageLoader } from './feedback/PageLoader';

type Component<Props> = (props: Props) => ReactNode;

/**
 * A component loaded on demand from its own chunk: `lazyComponent(() => import('./X'), 'X')`
 * keeps named exports in the feature folders while the build splits them off the first load.
 * It renders once Mantine's complete styles have loaded too, except the first page a signed-in
 * user sees, whose styles are in the first load (`firstPage: true`, see
 * app/first-load-styles.ts).
 */
export function lazyComponent<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, Component<Props>>>,
  name: Name,
  { firstPage = false }: { firstPage?: boolean } = {},
): LazyExoticComponent<Component<Props>> {
  return lazy(async () => {
    const [module] = await Promise.all([load(), firstPage ? null : loadAllStyles()]);
    return { default: module[name] };
  });
}

/** A lazily loaded page with its own loading fallback, for routes outside any page shell. */
export function withPageLoader(page: ReactNode) {
  return <Suspense fallback={<PageLoader />}>{page}</Suspense>;
}

/**
 * Renders a lazily loaded dialog from the first time it opens, and keeps it mounted afterwards so
 * that it can animate closed: a page does not download its dialogs until they are wanted.
 */
export function MountWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
