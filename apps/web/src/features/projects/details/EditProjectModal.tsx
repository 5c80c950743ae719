import type { Project } from '@fieldwork/contract';
import { Modal, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormActions } from '../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { notifySaved } from '../../../ui/forms/RecordFormModal';
import { useForm } from '../../../ui/forms/use-form';
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
  const form = useForm({
    name: project.name,
    reference: project.reference ?? '',
    client_id: project.client_id ?? '',
    package: project.package ?? '',
    developer: project.developer ?? '',
    site_address: project.site_address ?? '',
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    update.mutate(
      { id: project.id, input: projectUpdateBody(form.values) },
      { onSuccess: notifySaved(false, onDone), onError: form.capture },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <ProjectDetailsFields form={form} />
        <FormActions submitLabel="Save" pending={update.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
