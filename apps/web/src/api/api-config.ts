import { session } from '../session/session-state';

/** The three clients of spec/platform.md §7. */
export type ClientKind = 'public' | 'core' | 'organisation';

let backendRoot = '';

/** Set once at app start from the runtime configuration. */
export function configureApi({ apiUrl }: { apiUrl: string }): void {
  backendRoot = apiUrl.replace(/\/+$/, '');
}

export const ORGANISATION_ID_NOT_SET_MESSAGE = 'organisation id has not been set';

/** Backend root for public and core; backend root + /organisations/{organisationId} otherwise. */
export function clientBaseUrl(client: ClientKind): string {
  if (client !== 'organisation') return backendRoot;
  const { organisationId } = session.get();
  if (!organisationId) throw new Error(ORGANISATION_ID_NOT_SET_MESSAGE);
  return `${backendRoot}/organisations/${encodeURIComponent(organisationId)}`;
}

export function isAuthenticatedClient(client: ClientKind): boolean {
  return client !== 'public';
}
