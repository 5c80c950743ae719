import { ORGANISATIONS_PATH } from '../../app/paths';

/** /organisations/{slug}/library/project_templates: the templates tab of the library. */
export const projectTemplatesPath = (slug: string) =>
  `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/library/project_templates`;

/** A template's settings: /organisations/{slug}/library/project_templates/{templateId}. */
export const projectTemplatePath = (slug: string, templateId: string) =>
  `${projectTemplatesPath(slug)}/${encodeURIComponent(templateId)}`;
