/**
 * Loads Mantine's complete style sheet once, for any part of the app outside the first page
 * (app/first-load-styles.ts): lazily loaded pages and panels wait for it before they render.
 */
export const loadAllStyles = (): Promise<unknown> => import('./all-styles');
