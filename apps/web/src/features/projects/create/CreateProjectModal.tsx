import { projectCreateSchema } from '@fieldwork/contract';
import { Divider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { FormDialog } from '../../../ui/forms/FormDialog';
import { MutationForm } from '../../../ui/forms/MutationForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { ProjectDetailsFields } from '../details/ProjectDetailsFields';
import { projectPath } from '../project-paths';
import { useCreateProject } from '../projects-api';
import { ProjectSourcePicker } from './ProjectSourcePicker';
import { ProjectStartPicker } from './ProjectStartPicker';
import {
  EMPTY_PROJECT_CREATE_VALUES,
  missingSourceMessage,
  projectCreateBody,
  sourceField,
} from './project-create-input';

/** "New project": how it starts, then its details; on success, its overview opens. */
export function CreateProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <FormDialog opened={opened} onClose={onClose} title="New project" size="xl" fullScreen={phone}>
      <CreateProjectForm onDone={onClose} />
    </FormDialog>
  );
}

function CreateProjectForm({ onDone }: { onDone: () => void }) {
  const organisation = useCurrentOrganisation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const form = useZodForm(
    projectCreateSchema,
    { ...EMPTY_PROJECT_CREATE_VALUES },
    projectCreateBody,
  );
  const { values } = form;

  /** A start that needs a choice and has none is refused before the schema's check. */
  const sourceChosen = () => {
    const field = sourceField(values);
    const missing = missingSourceMessage(values);
    if (field && missing) form.mantine.setFieldError(field, missing);
    return !(field && missing);
  };

  return (
    <MutationForm
      form={form}
      mutation={create}
      precheck={sourceChosen}
      notice={(project) => `${project.name} created`}
      onDone={onDone}
      onSaved={(project) => void navigate(projectPath(organisation.slug, project.id))}
      submitLabel="Create project"
    >
      <ProjectStartPicker
        value={values.start}
        onChange={(start) => form.setValue('start', start)}
      />
      <ProjectSourcePicker form={form} />
      <Divider label="Details" labelPosition="left" />
      <ProjectDetailsFields form={form} />
    </MutationForm>
  );
}
