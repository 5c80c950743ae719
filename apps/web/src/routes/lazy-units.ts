import { lazy } from 'react';

/**
 * The three lazily loaded units of spec/platform.md §2. Each is one chunk of the build; a chunk
 * that fails to load (a stale tab after a deployment) shows the "New Version Available" screen.
 */

/** Unit 1: settings, library, account, billing and subscription areas. */
export const OrganisationAreasUnit = lazy(() => import('./units/organisation-areas'));

/** Unit 2: the other organisation pages (projects, clients, ...). */
export const OrganisationPagesUnit = lazy(() => import('./units/organisation-pages'));

/** Unit 3: the organisation setup area. */
export const SetupAreaUnit = lazy(() => import('./units/setup-area'));
