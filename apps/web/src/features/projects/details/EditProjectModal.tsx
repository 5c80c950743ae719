import { projectUpdateSchema } from '@fieldwork/contract';
import type { Project, ProjectUpdate } from '@fieldwork/contract';
import { Modal } from '@mantine/core';
import { ModalForm } from '../../../ui/forms/ModalForm';
import { notifySaved } from '../../../ui/forms/RecordFormModal';
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
    <Modal opened={project !== null} onClose={onClose} title="Edit project details" size="lg">
      {project && <EditProjectForm key={project.id} project={project} onDone={onClose} />}
    </Modal>
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

  const send = (input: ProjectUpdate) =>
    update.mutate(
      { id: project.id, input },
      { onSuccess: notifySaved(false, onDone), onError: form.capture },
    );

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Save"
      pending={update.isPending}
      onCancel={onDone}
    >
      <ProjectDetailsFields form={form} />
    </ModalForm>
  );
}
