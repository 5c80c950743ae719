import { ORGANISATIONS_PATH } from './paths';

/** /organisations/{slug}/library, or a page below it (e.g. "sites", "sites/{id}"). */
export function libraryPath(slug: string, page?: string): string {
  return `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/library${page ? `/${page}` : ''}`;
}

/** /organisations/{slug}/library/sites/{id} */
export const sitePath = (slug: string, siteId: string) =>
  libraryPath(slug, `sites/${encodeURIComponent(siteId)}`);
