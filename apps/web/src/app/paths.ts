import type { Role } from '@fieldwork/contract';

/** Paths of spec/platform.md §2 that the app links to. */
export const SIGN_IN_PATH = '/signin';
export const SIGN_UP_PATH = '/signup';
export const LOGIN_ALIAS_PATH = '/login';
export const LOGOUT_PATH = '/logout';
export const LEGACY_LOGIN_PATH = '/legacy-login';
export const MOBILE_SIGN_IN_PATH = '/signin/mobile';
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password/:token';
export const IMPERSONATE_PATH = '/impersonate/:token';
export const MEMBERSHIP_INVITE_PATH = '/membership-invite/:token';
export const ORGANISATION_INVITE_PATH = '/organisation-invite/:token';
/** A scanned QR code label (platform §2): a member goes to its location, anyone else signs in first. */
export const QR_CODE_PATH = '/qr/:code';
/** Public: sends the device to its app store listing or the website. */
export const APP_STORE_PATH = '/app-store';
/** Support staff: create impersonation links (reachable from the user menu). */
export const SUPPORT_PATH = '/support';
export const ORGANISATIONS_PATH = '/organisations';
export const AUTOLOAD_ORGANISATION_PATH = `${ORGANISATIONS_PATH}?autoload=true`;

/** Organisation pages built so far (unit 2); the default page is projects. */
export type OrganisationPage = 'projects' | 'clients' | 'jobs' | 'home' | 'timesheets';
export const DEFAULT_ORGANISATION_PAGE: OrganisationPage = 'projects';

/**
 * Where a member lands in an organisation: an operative on their home (today's jobs, sheets to
 * resume, the inbox), everyone else on the default projects page.
 */
export const landingPage = (role: Role): OrganisationPage =>
  role === 'OPERATIVE' ? 'home' : DEFAULT_ORGANISATION_PAGE;

/** /organisations/{slug}: the organisation's root, which sends each member to their landing page. */
export const organisationRootPath = (slug: string) =>
  `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}`;

/** Areas loaded together as the first lazy unit (spec/platform.md §2 routing rules). */
export const ORGANISATION_AREAS = ['settings', 'library', 'account', 'billing', 'subscription'];

export function organisationPath(slug: string, page: OrganisationPage = DEFAULT_ORGANISATION_PAGE) {
  return `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/${page}`;
}

/** A path pattern with its `:token` filled in. */
export function tokenPath(pattern: string, token: string): string {
  return pattern.replace(':token', encodeURIComponent(token));
}

/** /organisations/{slug}/settings, or one of its pages (the settings area of unit 1). */
export function settingsPath(slug: string, page?: string) {
  return `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/settings${page ? `/${page}` : ''}`;
}
