import type { ProjectCreate } from '@fieldwork/contract';

/** How a new project starts: empty, from a template (the organisation's or the library's), or copied. */
export type ProjectStartKind = 'blank' | 'template' | 'project';
export type TemplateSource = 'library' | 'organisation';

/** The create form's values, all text as the form holds them ("" = not chosen). */
export interface ProjectCreateValues {
  start: ProjectStartKind;
  template_source: TemplateSource;
  library_project_template_id: string;
  project_template_id: string;
  from_project_id: string;
  name: string;
  reference: string;
  client_id: string;
  package: string;
  developer: string;
  site_address: string;
}

export const EMPTY_PROJECT_CREATE_VALUES: ProjectCreateValues = {
  start: 'blank',
  template_source: 'library',
  library_project_template_id: '',
  project_template_id: '',
  from_project_id: '',
  name: '',
  reference: '',
  client_id: '',
  package: '',
  developer: '',
  site_address: '',
};

/** The form field that names the chosen source (and carries the server's errors about it). */
export type ProjectSourceField =
  'library_project_template_id' | 'project_template_id' | 'from_project_id';

export function sourceField(values: ProjectCreateValues): ProjectSourceField | null {
  if (values.start === 'project') return 'from_project_id';
  if (values.start === 'template') {
    return values.template_source === 'library'
      ? 'library_project_template_id'
      : 'project_template_id';
  }
  return null;
}

/** What the browser can say before sending: a start that needs a choice has none. */
export function missingSourceMessage(values: ProjectCreateValues): string | null {
  const field = sourceField(values);
  if (!field || values[field]) return null;
  return field === 'from_project_id' ? 'Choose a project to copy' : 'Choose a template';
}

const optional = (value: string) => value.trim() || undefined;

/**
 * POST /projects from the form: the name, the optional details only when given, and at most one
 * source (the one the chosen start names; choices left behind by switching are not sent).
 */
export function projectCreateBody(values: ProjectCreateValues): ProjectCreate {
  const field = sourceField(values);
  const body: ProjectCreate = {
    name: values.name.trim(),
    reference: optional(values.reference),
    client_id: values.client_id || undefined,
    package: optional(values.package),
    developer: optional(values.developer),
    site_address: optional(values.site_address),
    ...(field && values[field] && { [field]: values[field] }),
  };
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as ProjectCreate;
}
