import { projectTemplateCreateSchema } from '@fieldwork/contract';
import { SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { ValidationFailureError, errorMessage } from '../../api/errors';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { FormDialog } from '../../ui/forms/FormDialog';
import { MutationForm } from '../../ui/forms/MutationForm';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { LibraryTemplateList, pickerData, useSelectOptions } from '../projects';
import { useSaveProjectTemplate } from './project-templates-api';
import {
  emptyTemplateValues,
  templateCreateInput,
  type TemplateStart,
} from './template-create-input';
import { projectTemplatePath } from './template-paths';
import { NameInput } from '../../ui/forms/NameInput';

const STARTS: Array<{ value: TemplateStart; label: string }> = [
  { value: 'blank', label: 'Blank' },
  { value: 'library', label: 'Library' },
  { value: 'project', label: 'Project' },
];

const HINT: Record<TemplateStart, string> = {
  blank: 'Starts with the standard location statuses; set up the rest in its settings.',
  library: "Copies a library template's statuses, forms and settings.",
  project: 'Copies how a project is set up: its settings and configuration lists, not its work.',
};

/** New template: blank, from a library template or from a project; then its settings open. */
export function CreateTemplateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="New project template" size="lg">
      <CreateTemplateForm onDone={onClose} />
    </FormDialog>
  );
}

function CreateTemplateForm({ onDone }: { onDone: () => void }) {
  const { slug } = useCurrentOrganisation();
  const navigate = useNavigate();
  const save = useSaveProjectTemplate();
  const form = useZodForm(projectTemplateCreateSchema, emptyTemplateValues(), (values) => {
    const body = templateCreateInput(values);
    return 'missing' in body ? { name: values.name } : body.input;
  });
  const { values } = form;
  const projects = useSelectOptions('projects', { enabled: values.start === 'project' });

  /** A template started from the library or a project names that source before anything else. */
  const sourceNamed = () => {
    const body = templateCreateInput(values);
    if ('missing' in body) form.capture(missingSourceError(body.missing));
    return !('missing' in body);
  };

  return (
    <MutationForm
      form={form}
      mutation={save}
      variables={(input) => ({ input })}
      precheck={sourceNamed}
      notice={(template) => `${template.name} created`}
      onDone={onDone}
      onSaved={(template) => void navigate(projectTemplatePath(slug, template.id))}
      submitLabel="Create template"
    >
      <NameInput placeholder="e.g. Fire stopping inspection" {...form.bind('name')} />
      <Textarea label="Description" autosize minRows={2} {...form.bind('description')} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="template-start-label">
          Start from
        </Text>
        <SegmentedControl
          aria-labelledby="template-start-label"
          data={STARTS}
          value={values.start}
          onChange={(start) => form.setValue('start', start)}
          fullWidth
        />
        <Text size="xs" c="dimmed">
          {HINT[values.start]}
        </Text>
      </Stack>
      {values.start === 'library' && (
        <LibraryTemplateList
          value={values.library_project_template_id}
          onChange={(id) => form.setValue('library_project_template_id', id)}
          error={form.errorOf('library_project_template_id')}
        />
      )}
      {values.start === 'project' && (
        <Select
          label="Project"
          placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project'}
          required
          searchable
          data={pickerData(projects.data)}
          value={values.from_project_id || null}
          onChange={(id) => form.setValue('from_project_id', id ?? '')}
          nothingFoundMessage="No project matches"
          error={
            form.errorOf('from_project_id') ??
            (projects.isError ? errorMessage(projects.error) : undefined)
          }
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </MutationForm>
  );
}

/** A missing source reads like the server's 422 would, next to its field. */
function missingSourceError(field: string) {
  return new ValidationFailureError(
    422,
    {
      type: 'Validation Failure',
      message: 'Choose where the template starts from',
      status: 422,
      code: 'VALIDATION_FAILURE',
      errors: [
        {
          field,
          message: field === 'from_project_id' ? 'Choose a project' : 'Choose a library template',
          code: 'required',
        },
      ],
    },
    'Choose where the template starts from',
  );
}
