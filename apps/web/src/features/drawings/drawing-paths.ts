import { projectPath } from '../projects';

/** A project's drawings by level, with its pending drawings: …/projects/{id}/drawings. */
export const projectDrawingsPath = (slug: string, projectId: string) =>
  `${projectPath(slug, projectId)}/drawings`;

/** One drawing with its pins: …/projects/{id}/drawings/{drawingId}. */
export const drawingPath = (slug: string, projectId: string, drawingId: string) =>
  `${projectDrawingsPath(slug, projectId)}/${encodeURIComponent(drawingId)}`;

/** The project's locations table: …/projects/{id}/locations. */
export const projectLocationsPath = (slug: string, projectId: string) =>
  `${projectPath(slug, projectId)}/locations`;

/** The project's zones: …/projects/{id}/zones (the zones feature's page). */
export const projectZonesPath = (slug: string, projectId: string) =>
  `${projectPath(slug, projectId)}/zones`;

/** The project's specifications: …/projects/{id}/specifications (the zones feature's page). */
export const projectSpecificationsPath = (slug: string, projectId: string) =>
  `${projectPath(slug, projectId)}/specifications`;

/** A location on its drawing (chosen), or in the table when it has no pin. */
export const locationPath = (
  slug: string,
  location: { id: string; project_id: string; drawing_id: string | null },
) =>
  location.drawing_id
    ? `${drawingPath(slug, location.project_id, location.drawing_id)}?location=${encodeURIComponent(location.id)}`
    : `${projectLocationsPath(slug, location.project_id)}?location=${encodeURIComponent(location.id)}`;

/** A location's own address, whatever its project: /organisations/{slug}/locations/{id}. */
export const locationByIdPath = (slug: string, locationId: string) =>
  `/organisations/${encodeURIComponent(slug)}/locations/${encodeURIComponent(locationId)}`;
