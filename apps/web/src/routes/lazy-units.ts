import { lazy } from 'react';
import { loadAllStyles } from '../ui/load-all-styles';

/**
 * The three lazily loaded units of spec/platform.md §2. Each is one chunk of the build; a chunk
 * that fails to load (a stale tab after a deployment) shows the "New Version Available" screen.
 */

/** Unit 1: settings, library, account, billing and subscription areas. */
export const OrganisationAreasUnit = lazy(() => import('./units/organisation-areas'));

/** Unit 2: the other organisation pages (projects, clients, ...). */
export const OrganisationPagesUnit = lazy(() => import('./units/organisation-pages'));

/**
 * Unit 3: the organisation setup area. Its pages are in the unit's chunk, so it waits for
 * Mantine's complete styles too (units 1 and 2 load each page through lazyComponent, which does).
 */
export const SetupAreaUnit = lazy(async () => {
  const [unit] = await Promise.all([import('./units/setup-area'), loadAllStyles()]);
  return unit;
});
