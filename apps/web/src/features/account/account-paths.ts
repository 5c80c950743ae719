import { ORGANISATIONS_PATH } from '../../app/paths';

export const ACCOUNT_PAGES = ['organisation', 'support'] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

/** /organisations/{slug}/account/{page} */
export function accountPath(slug: string, page: AccountPage = 'organisation'): string {
  return `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/account/${page}`;
}
