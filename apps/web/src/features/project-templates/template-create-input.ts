import type { ProjectTemplateInput } from './project-templates-api';

export type TemplateStart = 'blank' | 'library' | 'project';

export type TemplateCreateValues = {
  name: string;
  description: string;
  start: TemplateStart;
  library_project_template_id: string;
  from_project_id: string;
};

export const emptyTemplateValues = (): TemplateCreateValues => ({
  name: '',
  description: '',
  start: 'blank',
  library_project_template_id: '',
  from_project_id: '',
});

/**
 * The POST body, or the field that still needs a choice: a template started from the library
 * or from a project names exactly that one source.
 */
export function templateCreateInput(
  values: TemplateCreateValues,
):
  { input: ProjectTemplateInput } | { missing: 'library_project_template_id' | 'from_project_id' } {
  const base = { name: values.name, description: values.description.trim() || null };
  if (values.start === 'library') {
    if (!values.library_project_template_id) return { missing: 'library_project_template_id' };
    return { input: { ...base, library_project_template_id: values.library_project_template_id } };
  }
  if (values.start === 'project') {
    if (!values.from_project_id) return { missing: 'from_project_id' };
    return { input: { ...base, from_project_id: values.from_project_id } };
  }
  return { input: base };
}
