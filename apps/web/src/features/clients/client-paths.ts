import { organisationPath } from '../../app/paths';

/** /organisations/{slug}/clients/{clientId} */
export const clientPath = (slug: string, clientId: string) =>
  `${organisationPath(slug, 'clients')}/${encodeURIComponent(clientId)}`;
