import { projectCreateSchema } from '@fieldwork/contract';
import type { ProjectCreate } from '@fieldwork/contract';
import { Divider, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { notifySuccess } from '../../../ui/feedback/notify';
import { ModalForm } from '../../../ui/forms/ModalForm';
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
    <Modal opened={opened} onClose={onClose} title="New project" size="xl" fullScreen={phone}>
      {opened && <CreateProjectForm onDone={onClose} />}
    </Modal>
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

  const send = (input: ProjectCreate) =>
    create.mutate(input, {
      onSuccess: (project) => {
        notifySuccess(`${project.name} created`);
        onDone();
        void navigate(projectPath(organisation.slug, project.id));
      },
      onError: form.capture,
    });

  /** A start that needs a choice and has none is refused before the schema's check. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const field = sourceField(values);
    const missing = missingSourceMessage(values);
    if (field && missing) {
      event.preventDefault();
      form.mantine.setFieldError(field, missing);
      return;
    }
    form.submit(send)(event);
  };

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={form.formError}
      submitLabel="Create project"
      pending={create.isPending}
      onCancel={onDone}
    >
      <ProjectStartPicker
        value={values.start}
        onChange={(start) => form.setValue('start', start)}
      />
      <ProjectSourcePicker form={form} />
      <Divider label="Details" labelPosition="left" />
      <ProjectDetailsFields form={form} />
    </ModalForm>
  );
}
