import { ORGANISATIONS_PATH } from '../../app/paths';

/** /organisations/{slug}/productivity: figures per member, project and period. */
export const productivityPath = (slug: string) =>
  `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/productivity`;
