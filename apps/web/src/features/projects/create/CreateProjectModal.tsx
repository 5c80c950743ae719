import { Divider, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentOrganisation } from '../../../session/use-current-organisation';
import { notifySuccess } from '../../../ui/feedback/notify';
import { FormActions } from '../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { useForm } from '../../../ui/forms/use-form';
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
import type { ProjectCreateValues } from './project-create-input';

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
  const form = useForm<keyof ProjectCreateValues>({ ...EMPTY_PROJECT_CREATE_VALUES });
  // The form keeps text; these fields only ever hold their own values.
  const values = form.values as unknown as ProjectCreateValues;
  const [missingSource, setMissingSource] = useState<string | null>(null);
  const field = sourceField(values);
  const sourceErrors = {
    ...form.fieldErrors,
    ...(field && missingSource && !values[field] && { [field]: missingSource }),
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const missing = missingSourceMessage(values);
    setMissingSource(missing);
    if (missing) return;
    create.mutate(projectCreateBody(values), {
      onSuccess: (project) => {
        notifySuccess(`${project.name} created`);
        onDone();
        void navigate(projectPath(organisation.slug, project.id));
      },
      onError: form.capture,
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <ProjectStartPicker
          value={values.start}
          onChange={(start) => form.setValue('start', start)}
        />
        <ProjectSourcePicker form={{ ...form, values, fieldErrors: sourceErrors }} />
        <Divider label="Details" labelPosition="left" />
        <ProjectDetailsFields form={form} />
        <FormActions submitLabel="Create project" pending={create.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
