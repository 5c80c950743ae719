/**
 * What a settings area configures: a project or a project template. Their configuration lists
 * are the same calls under /projects/{id} or /project_templates/{id} (field-work §7).
 */
export interface SettingsOwner {
  kind: 'project' | 'project_template';
  id: string;
}

const COLLECTION = { project: 'projects', project_template: 'project_templates' } as const;

/** The owner's collection, e.g. "projects": also the resource its queries are keyed under. */
export const ownerCollection = (owner: SettingsOwner) => COLLECTION[owner.kind];

/** "/projects/{id}" or "/project_templates/{id}". */
export const ownerPath = (owner: SettingsOwner) =>
  `/${ownerCollection(owner)}/${encodeURIComponent(owner.id)}`;

/** "project" or "template", for sentences such as "this project has no forms". */
export const ownerNoun = (owner: SettingsOwner) =>
  owner.kind === 'project' ? 'project' : 'template';
