import type { Organisation } from '@fieldwork/contract';
import {
  readRememberedOrganisationId,
  takeRedirectAfterSignIn,
} from '../session/persisted-session';
import { AUTOLOAD_ORGANISATION_PATH, ORGANISATIONS_PATH, organisationRootPath } from './paths';

/** What the organisations list is told when a link named an organisation the user is not in. */
export interface UnknownOrganisationState {
  unknownOrganisationSlug: string;
}

/** /organisations?autoload=true: the remembered organisation while still a member, else the first. */
export function organisationToAutoload(
  organisations: readonly Organisation[],
  rememberedId: string | null = readRememberedOrganisationId(),
): Organisation | undefined {
  return organisations.find((item) => item.id === rememberedId) ?? organisations[0];
}

/**
 * Choosing an organisation goes to its root, which opens the member's landing page (projects; an
 * operative's home), or to /organisations if not found.
 */
export function chosenOrganisationPath(
  organisations: readonly Organisation[],
  organisationId: string,
): string {
  const organisation = organisations.find((item) => item.id === organisationId);
  return organisation ? organisationRootPath(organisation.slug) : ORGANISATIONS_PATH;
}

/** After sign-in: the stored redirect URL (used once), otherwise auto-select the organisation. */
export function pathAfterSignIn(): string {
  return takeRedirectAfterSignIn() ?? AUTOLOAD_ORGANISATION_PATH;
}
