import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { pickerData, useSelectOptions } from '../project-options-api';
import { LibraryTemplateList } from './LibraryTemplateList';
import type { ProjectCreateValues, ProjectSourceField } from './project-create-input';

export interface SourceForm {
  values: Pick<ProjectCreateValues, 'start' | 'template_source' | ProjectSourceField>;
  errorOf: (field: ProjectSourceField) => string | undefined;
  setValue: <Field extends ProjectSourceField | 'template_source'>(
    field: Field,
    value: ProjectCreateValues[Field],
  ) => void;
}

/** What the chosen start copies: a library or organisation template, or another project. */
export function ProjectSourcePicker({ form }: { form: SourceForm }) {
  if (form.values.start === 'template') return <TemplatePicker form={form} />;
  if (form.values.start === 'project') return <ProjectToCopyPicker form={form} />;
  return null;
}

function TemplatePicker({ form }: { form: SourceForm }) {
  const source = form.values.template_source;
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Template source"
        value={source}
        onChange={(next) => form.setValue('template_source', next)}
        data={[
          { value: 'library', label: 'Template library' },
          { value: 'organisation', label: 'Your templates' },
        ]}
      />
      {source === 'library' ? (
        <LibraryTemplateList
          value={form.values.library_project_template_id}
          onChange={(id) => form.setValue('library_project_template_id', id)}
          error={form.errorOf('library_project_template_id')}
        />
      ) : (
        <OrganisationTemplateSelect form={form} />
      )}
    </Stack>
  );
}

function OrganisationTemplateSelect({ form }: { form: SourceForm }) {
  const templates = useSelectOptions('project_templates');
  const data = pickerData(templates.data);
  if (templates.isSuccess && data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Your organisation has no project templates yet. Start from the template library, or save one
        from a project in Library → Project templates.
      </Text>
    );
  }
  return (
    <Select
      label="Template"
      placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'}
      data={data}
      value={form.values.project_template_id || null}
      onChange={(value) => form.setValue('project_template_id', value ?? '')}
      error={
        form.errorOf('project_template_id') ??
        (templates.isError ? 'Could not load your templates' : null)
      }
      required
      searchable
      nothingFoundMessage="No template matches"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function ProjectToCopyPicker({ form }: { form: SourceForm }) {
  const projects = useSelectOptions('projects');
  return (
    <Select
      label="Project to copy"
      description="Its statuses, attributes, approval stages, folders, materials and forms are copied; its work is not."
      placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project'}
      data={pickerData(projects.data, { archived: true })}
      value={form.values.from_project_id || null}
      onChange={(value) => form.setValue('from_project_id', value ?? '')}
      error={
        form.errorOf('from_project_id') ?? (projects.isError ? 'Could not load projects' : null)
      }
      required
      searchable
      nothingFoundMessage="No project matches"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
