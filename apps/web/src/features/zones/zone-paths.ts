import { projectPath } from '../projects';

/** A project's zones: …/projects/{id}/zones. */
export const projectZonesPath = (slug: string, projectId: string) =>
  `${projectPath(slug, projectId)}/zones`;

/** A project's specifications: …/projects/{id}/specifications. */
export const projectSpecificationsPath = (slug: string, projectId: string) =>
  `${projectPath(slug, projectId)}/specifications`;
