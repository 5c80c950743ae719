import { projectUpdateSchema } from '@fieldwork/contract';
import type { Project } from '@fieldwork/contract';
import { FormDialog } from '../../../ui/forms/FormDialog';
import { MutationForm } from '../../../ui/forms/MutationForm';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { useUpdateProject } from '../projects-api';
import { ProjectDetailsFields } from './ProjectDetailsFields';
import { projectUpdateBody } from './project-update-body';

/** "Edit details": the project's own fields (its configuration is in the settings area). */
export function EditProjectModal({
  project,
  onClose,
}: {
  project: Project | null;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={project !== null} onClose={onClose} title="Edit project details" size="lg">
      {project && <EditProjectForm key={project.id} project={project} onDone={onClose} />}
    </FormDialog>
  );
}

function EditProjectForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const update = useUpdateProject();
  const form = useZodForm(
    projectUpdateSchema,
    {
      name: project.name,
      reference: project.reference ?? '',
      client_id: project.client_id ?? '',
      package: project.package ?? '',
      developer: project.developer ?? '',
      site_address: project.site_address ?? '',
    },
    projectUpdateBody,
  );

  return (
    <MutationForm
      form={form}
      mutation={update}
      variables={(input) => ({ id: project.id, input })}
      notice={(saved) => `${saved.name} saved`}
      onDone={onDone}
      submitLabel="Save"
    >
      <ProjectDetailsFields form={form} />
    </MutationForm>
  );
}
