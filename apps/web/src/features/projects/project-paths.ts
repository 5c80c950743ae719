import { ORGANISATIONS_PATH, organisationPath } from '../../app/paths';

/** /organisations/{slug}/projects, with a list query string when given (filters, sort, page). */
export function projectsPath(slug: string, search = ''): string {
  const query = search.replace(/^\?/, '');
  return `${organisationPath(slug, 'projects')}${query ? `?${query}` : ''}`;
}

/** A project's overview: /organisations/{slug}/projects/{projectId}. */
export function projectPath(slug: string, projectId: string): string {
  return `${ORGANISATIONS_PATH}/${encodeURIComponent(slug)}/projects/${encodeURIComponent(projectId)}`;
}

/** The project's settings area (its configuration lists). */
export function projectSettingsPath(slug: string, projectId: string): string {
  return `${projectPath(slug, projectId)}/settings`;
}
