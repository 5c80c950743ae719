import { Grid, Select, TextInput, Textarea } from '@mantine/core';
import type { BoundInput } from '../../../ui/forms/use-zod-form';
import { pickerData, useSelectOptions } from '../project-options-api';
import { useProjectReferenceEnabled } from '../use-project-reference';

/** The project's own details, as text in a form ("" = not given). */
export type ProjectDetailsField =
  'name' | 'reference' | 'client_id' | 'package' | 'developer' | 'site_address';

export interface ProjectDetailsForm {
  values: Record<ProjectDetailsField, string>;
  /** Value, error and onChange for the field's input (a useZodForm form's `bind`). */
  bind: (field: ProjectDetailsField) => BoundInput;
  errorOf: (field: ProjectDetailsField) => string | undefined;
  setValue: (field: 'client_id', value: string) => void;
}

/** Name, reference, client, package, developer and site address: shared by create and edit. */
export function ProjectDetailsFields({ form }: { form: ProjectDetailsForm }) {
  const clients = useSelectOptions('clients');
  const referenceEnabled = useProjectReferenceEnabled();
  const { bind } = form;
  // A project may keep an archived client; other archived clients are not offered.
  const clientData = pickerData(
    clients.data?.filter(
      (client) => client.archived_at === null || client.id === form.values.client_id,
    ),
    { archived: true },
  );

  return (
    <Grid>
      <Grid.Col span={{ base: 12, xs: referenceEnabled ? 8 : 12 }}>
        <TextInput
          label="Name"
          placeholder="e.g. Harbour Wall refurbishment"
          required
          data-autofocus
          {...bind('name')}
        />
      </Grid.Col>
      {referenceEnabled && (
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <TextInput label="Reference" placeholder="e.g. HW-2026-01" {...bind('reference')} />
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <Select
          label="Client"
          placeholder={clients.isPending ? 'Loading clients…' : 'No client'}
          data={clientData}
          value={form.values.client_id || null}
          onChange={(value) => form.setValue('client_id', value ?? '')}
          error={form.errorOf('client_id') ?? (clients.isError ? 'Could not load clients' : null)}
          searchable
          clearable
          nothingFoundMessage="No client matches"
          comboboxProps={{ withinPortal: true }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6 }}>
        <TextInput label="Package" placeholder="e.g. Fire stopping" {...bind('package')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6 }}>
        <TextInput label="Developer" placeholder="e.g. Quayside Homes" {...bind('developer')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Textarea
          label="Site address"
          placeholder="Where the work is, as written on the job"
          rows={2}
          {...bind('site_address')}
        />
      </Grid.Col>
    </Grid>
  );
}
