import { ITEM_MODES, projectTemplateUpdateSchema, projectUpdateSchema } from '@fieldwork/contract';
import {
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../../api/errors';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import type { SettingsOwner } from '../owner';
import { useUpdateOwner } from '../owner-record';
import type { OwnerRecord, OwnerUpdate } from '../owner-record';
import { useCanEditSettings } from '../permissions';
import { usePickerOptions } from '../picker-options';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { generalUpdateOf, generalValuesOf } from './general-values';
import type { GeneralValues, ItemMode } from './general-values';
import { noticeAfter } from '../../../../ui/forms/close-after';
import { FormActions } from '../../../../ui/forms/FormActions';

const ITEM_MODE_LABEL: Record<ItemMode, string> = {
  BOTH: 'Locations and specifications',
  LOCATIONS: 'Locations only',
  SPECIFICATIONS: 'Specifications only',
};

type FlagField = {
  [Field in keyof GeneralValues]: GeneralValues[Field] extends boolean ? Field : never;
}[keyof GeneralValues];

export function GeneralSettingsForm({
  owner,
  record,
}: {
  owner: SettingsOwner;
  record: OwnerRecord;
}) {
  const canEdit = useCanEditSettings();
  const update = useUpdateOwner(owner);
  const rateSets = usePickerOptions('rate_sets');
  const isTemplate = owner.kind === 'project_template';
  const form = useZodForm(
    isTemplate ? projectTemplateUpdateSchema : projectUpdateSchema,
    generalValuesOf(record),
    (values) => generalUpdateOf(values, isTemplate),
  );
  const { values } = form;

  const flag = (field: FlagField, label: string, description: string, disabled = false) => (
    <Switch
      label={label}
      description={description}
      disabled={!canEdit || disabled}
      {...form.bind(field, { type: 'checkbox' })}
    />
  );

  // Rate sets chosen earlier stay listed (and removable) even when archived since.
  const rateSetOptions = [
    ...(rateSets.data ?? []),
    ...record.default_rate_sets
      .filter((chosen) => !rateSets.data?.some((option) => option.value === chosen.id))
      .map((chosen) => ({ value: chosen.id, label: chosen.name })),
  ];

  const send = (input: OwnerUpdate) => update.mutate(input, noticeAfter('Settings saved', form));

  return (
    <form onSubmit={form.submit(send)} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={form.formError} />
        {isTemplate && (
          <Section title="Template">
            <TextInput label="Name" required disabled={!canEdit} {...form.bind('name')} />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              disabled={!canEdit}
              {...form.bind('description')}
            />
          </Section>
        )}
        <Section title="Work items">
          <Select
            label="Items recorded"
            description="What operatives record progress against."
            data={ITEM_MODES.map((mode) => ({ value: mode, label: ITEM_MODE_LABEL[mode] }))}
            allowDeselect={false}
            disabled={!canEdit}
            comboboxProps={{ withinPortal: true }}
            {...form.bind('item_mode')}
          />
          {flag('multi_site', 'Several sites', 'The work spans more than one site.')}
        </Section>
        <Section title="Approvals">
          {flag(
            'approvals_enabled',
            'Approvals',
            'Job sheets go through the approval stages before they count as done.',
          )}
          {flag(
            'approvals_show_on_report',
            'Show approvals on reports',
            'Reports list who approved each job sheet and when.',
            !values.approvals_enabled,
          )}
          {flag(
            'enable_bulk_approval_actions',
            'Bulk approval',
            'Approvers may approve or reject many job sheets at once.',
            !values.approvals_enabled,
          )}
          {!isTemplate &&
            flag(
              'approvals_same_approver_allowed',
              'One person may decide several stages',
              'When off, each approval stage of a job sheet is decided by a different person.',
            )}
        </Section>
        <Section title="Photos">
          {flag(
            'duplicate_photo_detection',
            'Duplicate photo detection',
            'Flags photos that were already used on another job sheet.',
          )}
          {flag(
            'duplicate_photo_detection_prevent_approvals',
            'Block approval of job sheets with duplicate photos',
            'A flagged job sheet cannot be approved until its photos are replaced.',
            !values.duplicate_photo_detection,
          )}
        </Section>
        <Section title="Locations">
          {flag(
            'location_reference_enabled',
            'Location reference',
            'Each location carries a reference of your own, such as a door number.',
          )}
          {values.location_reference_enabled && (
            <TextInput
              label="Reference label"
              placeholder="Reference"
              description="What the reference is called on forms and reports."
              disabled={!canEdit}
              {...form.bind('location_reference_label')}
            />
          )}
        </Section>
        <Section title="Rates">
          <MultiSelect
            label="Default rate sets"
            description="Rates that price this work unless a job says otherwise."
            placeholder={rateSets.isPending ? 'Loading rate sets…' : 'Choose rate sets'}
            data={rateSetOptions}
            value={values.default_rate_set_ids}
            onChange={(ids) => form.setValue('default_rate_set_ids', ids)}
            searchable
            clearable
            disabled={!canEdit}
            nothingFoundMessage={rateSetOptions.length === 0 ? 'No rate sets yet' : 'No match'}
            error={
              form.errorOf('default_rate_set_ids') ??
              (rateSets.isError ? errorMessage(rateSets.error) : undefined)
            }
            comboboxProps={{ withinPortal: true }}
          />
        </Section>
        {canEdit && <FormActions submitLabel="Save settings" pending={update.isPending} />}
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
