import { jobCreateSchema } from '@fieldwork/contract';
import { MultiSelect, Select, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ValidationFailureError } from '../../api/errors';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { notifySuccess } from '../../ui/feedback/notify';
import { ModalForm } from '../../ui/forms/ModalForm';
import { recordFormModal, type RecordFormProps } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { contactsApi } from '../clients';
import {
  pickerData,
  useSelectOptions,
  useSiteSearch,
  projectsApi,
  configListApi,
} from '../projects';
import { AttributeInputs } from '../../ui/inputs/AttributeInputs';
import {
  attributeValuesInput,
  draftsOf,
  splitAttributeErrors,
  type AttributeDrafts,
} from '../../ui/inputs/attribute-drafts';
import type { JobInput } from './job-types';
import { jobTitle, useSaveJob, type ListedJob } from './jobs-api';
import { useProjectVisits, visitLabel } from './job-visits';
import { useOperatives } from './use-operatives';

interface JobFormValues {
  [field: string]: unknown;
  project_id: string | null;
  reference: string;
  form_ids: string[];
  site_id: string | null;
  operative_id: string | null;
  date: string;
  instructions: string;
  contact_id: string | null;
  visit_id: string | null;
  attribute_values: null;
}

/** A configuration list of the chosen project (nothing until a project is chosen). */
function useProjectConfig<List extends 'forms' | 'job_attributes'>(
  projectId: string | null,
  list: List,
) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'projects'), projectId, 'config', list],
    queryFn: () => configListApi({ kind: 'project', id: projectId ?? '' }, list).list(),
    enabled: projectId !== null,
  });
}

/** The live contacts of the project's client (none without a client). */
function useClientContactChoices(clientId: string | null) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'contacts'), 'job-form', clientId],
    queryFn: async () =>
      (await contactsApi.list({ filter: { client_id: clientId ?? '' }, sort: 'name', page: 'all' }))
        .data,
    enabled: clientId !== null,
  });
}

function useProjectRecord(projectId: string | null) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'projects'), 'job-form', projectId],
    queryFn: () => projectsApi.get(projectId ?? ''),
    enabled: projectId !== null,
  });
}

function JobForm({
  record: job,
  onDone,
  projectId: presetProjectId,
}: RecordFormProps<ListedJob> & { projectId?: string | undefined }) {
  const save = useSaveJob();
  const projects = useSelectOptions('projects');
  const operatives = useOperatives();
  const [siteSearch, setSiteSearch] = useState('');
  const sites = useSiteSearch(siteSearch);
  const [drafts, setDrafts] = useState<AttributeDrafts | null>(null);
  const [attributeErrors, setAttributeErrors] = useState<Record<string, string>>({});

  const form = useZodForm(
    jobCreateSchema,
    {
      project_id: job?.project_id ?? presetProjectId ?? null,
      reference: job?.reference ?? '',
      form_ids: job?.form_ids ?? [],
      site_id: job?.site_id ?? null,
      operative_id: job?.operative_id ?? null,
      date: job?.date ?? '',
      instructions: job?.instructions ?? '',
      contact_id: job?.contact_id ?? null,
      visit_id: job?.visit_id ?? null,
      attribute_values: null,
    } satisfies JobFormValues as JobFormValues,
    (values): JobInput => ({
      project_id: values.project_id ?? '',
      reference: values.reference.trim() || null,
      form_ids: values.form_ids,
      site_id: values.site_id,
      operative_id: values.operative_id,
      date: values.date || null,
      instructions: values.instructions.trim() || null,
      contact_id: values.contact_id,
      visit_id: values.visit_id,
      attribute_values: attributeValuesInput(attributes, currentDrafts).values,
    }),
  );
  const projectId = form.values.project_id;
  const project = useProjectRecord(projectId);
  const projectForms = useProjectConfig(projectId, 'forms');
  const attributeList = useProjectConfig(projectId, 'job_attributes');
  const attributes = projectId ? (attributeList.data ?? []) : [];
  const currentDrafts = drafts ?? draftsOf(attributes, job?.attribute_values ?? []);
  const contacts = useClientContactChoices(project.data?.client_id ?? null);
  const visits = useProjectVisits(projectId);

  const chooseProject = (id: string | null) => {
    form.setValue('project_id', id);
    form.setValue('form_ids', []);
    form.setValue('contact_id', null);
    form.setValue('visit_id', null);
    setDrafts({});
  };

  const send = (input: JobInput) => {
    const { attributeAt } = attributeValuesInput(attributes, currentDrafts);
    setAttributeErrors({});
    save.mutate(
      { id: job?.id, input },
      {
        onSuccess: (saved) => {
          notifySuccess(job ? `${jobTitle(saved)} saved` : `${jobTitle(saved)} created`);
          onDone();
        },
        onError: (error) => {
          if (!(error instanceof ValidationFailureError)) return form.capture(error);
          const { byAttribute, rest } = splitAttributeErrors(error.errors, attributeAt);
          setAttributeErrors(byAttribute);
          if (rest.length || !Object.keys(byAttribute).length)
            form.capture(
              new ValidationFailureError(422, { ...bodyOf(error), errors: rest }, error.message),
            );
        },
      },
    );
  };

  const siteData = [
    ...(job?.site_id && !sites.data?.some((site) => site.id === job.site_id)
      ? [{ value: job.site_id, label: 'Current site' }]
      : []),
    ...(sites.data ?? []).map((site) => ({ value: site.id, label: site.name })),
  ];

  return (
    <ModalForm
      onSubmit={(event) => {
        form.submit(send)(event);
        // No project yet: say what to do, not the id format the schema checks.
        if (!form.values.project_id) form.mantine.setFieldError('project_id', 'Choose a project');
      }}
      formError={form.formError}
      submitLabel={job ? 'Save' : 'Create job'}
      pending={save.isPending}
      onCancel={onDone}
    >
      <Select
        label="Project"
        required
        data={pickerData(projects.data)}
        searchable
        disabled={job !== undefined}
        nothingFoundMessage="No project matches"
        comboboxProps={{ withinPortal: true }}
        {...form.bind('project_id')}
        onChange={chooseProject}
      />
      {project.data?.client_name && (
        <Text size="sm" c="dimmed">
          Client: {project.data.client_name}
        </Text>
      )}
      <TextInput label="Reference" {...form.bind('reference')} />
      <Select
        label="Operative"
        placeholder={operatives.error ? 'Members could not load' : 'Unassigned'}
        data={operatives.options}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.bind('operative_id')}
      />
      <TextInput type="date" label="Date" {...form.bind('date')} />
      <MultiSelect
        label="Forms"
        placeholder={projectId ? 'Forms to fill in' : 'Choose the project first'}
        data={(projectForms.data ?? []).map((item) => ({ value: item.form_id, label: item.name }))}
        disabled={!projectId}
        nothingFoundMessage="This project has no forms"
        comboboxProps={{ withinPortal: true }}
        {...form.bind('form_ids')}
      />
      <Select
        label="Site"
        placeholder="Search sites"
        data={siteData}
        searchable
        clearable
        searchValue={siteSearch}
        onSearchChange={setSiteSearch}
        nothingFoundMessage="No site matches"
        comboboxProps={{ withinPortal: true }}
        {...form.bind('site_id')}
      />
      <Select
        label="Contact"
        placeholder={
          project.data?.client_id ? 'A contact of the client' : 'The project has no client'
        }
        data={(contacts.data ?? []).map((contact) => ({
          value: contact.id,
          label: contact.name,
        }))}
        disabled={!project.data?.client_id}
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.bind('contact_id')}
      />
      <Select
        label="Visit"
        placeholder={
          !projectId
            ? 'Choose the project first'
            : visits.data?.length
              ? 'Part of a visit'
              : 'The project has no visits'
        }
        data={(visits.data ?? []).map((visit) => ({ value: visit.id, label: visitLabel(visit) }))}
        disabled={!projectId}
        clearable
        searchable
        nothingFoundMessage="No visit matches"
        comboboxProps={{ withinPortal: true }}
        {...form.bind('visit_id')}
      />
      <Textarea label="Instructions" autosize minRows={3} {...form.bind('instructions')} />
      <AttributeInputs
        title="Job attributes"
        attributes={attributes}
        drafts={currentDrafts}
        errors={attributeErrors}
        onChange={(id, draft) => setDrafts({ ...currentDrafts, [id]: draft })}
      />
    </ModalForm>
  );
}

/** "New job" or "Edit job": create or change a job (its project is chosen once). */
export const JobFormModal = recordFormModal('job', JobForm);

const bodyOf = (error: ValidationFailureError) =>
  typeof error.body === 'object' && error.body !== null ? error.body : {};
