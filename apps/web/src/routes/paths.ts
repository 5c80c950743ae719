/** Paths of spec/platform.md §2 that the app links to. */
export const SIGN_IN_PATH = '/signin';
export const SIGN_UP_PATH = '/signup';
export const LOGIN_ALIAS_PATH = '/login';
export const LOGOUT_PATH = '/logout';
export const ORGANISATIONS_PATH = '/organisations';
export const AUTOLOAD_ORGANISATION_PATH = `${ORGANISATIONS_PATH}?autoload=true`;

/** Organisation pages built so far (unit 2); the default page is projects. */
export type OrganisationPage = 'projects' | 'clients';
export const DEFAULT_ORGANISATION_PAGE: OrganisationPage = 'projects';

/** Areas loaded together as the first lazy unit (spec/platform.md §2 routing rules). */
export const ORGANISATION_AREAS = ['settings', 'library', 'account', 'billing', 'subscription'];

export function organisationPath(slug: string, page: OrganisationPage = DEFAULT_ORGANISATION_PAGE) {
  return `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/${page}`;
}
