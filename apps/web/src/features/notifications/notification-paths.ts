import { ORGANISATIONS_PATH } from '../../app/paths';

/** /organisations/{slug}/notifications: the signed-in member's notices. */
export const notificationsPath = (slug: string) =>
  `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/notifications`;
