import { LOCATION_STATUS_TYPES, locationStatusCreateSchema } from '@fieldwork/contract';
import type { LocationStatus } from '@fieldwork/contract';
import { Select, Switch } from '@mantine/core';
import { RecordForm } from '../../../../ui/forms/RecordForm';
import { recordFormModal } from '../../../../ui/forms/RecordFormModal';
import type { RecordFormProps } from '../../../../ui/forms/RecordFormModal';
import type { SettingsOwner } from '../owner';
import { useSaveConfigItem } from '../use-config-list';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { ColourPicker, IconPicker } from './StatusPickers';
import { STATUS_TYPE_HINT, STATUS_TYPE_LABEL } from './status-types';
import { NameInput } from '../../../../ui/forms/NameInput';

type StatusValues = Pick<LocationStatus, 'name' | 'type' | 'color' | 'icon' | 'include_in_todo'>;

function LocationStatusForm({
  owner,
  record: status,
  onDone,
}: RecordFormProps<LocationStatus> & { owner: SettingsOwner }) {
  const save = useSaveConfigItem(owner, 'location_statuses');
  const form = useZodForm(locationStatusCreateSchema, {
    name: status?.name ?? '',
    type: status?.type ?? 'PENDING',
    color: status?.color ?? 'grey',
    icon: status?.icon ?? 'status',
    include_in_todo: status?.include_in_todo ?? false,
  } satisfies StatusValues);
  const { values } = form;

  return (
    <RecordForm form={form} record={status} save={save} createLabel="Add status" onDone={onDone}>
      <NameInput placeholder="e.g. Fire stopping complete" {...form.bind('name')} />
      <Select
        label="Type"
        description={STATUS_TYPE_HINT[values.type]}
        data={LOCATION_STATUS_TYPES.map((type) => ({
          value: type,
          label: STATUS_TYPE_LABEL[type],
        }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.bind('type')}
      />
      <ColourPicker
        value={values.color}
        onChange={(color) => form.setValue('color', color)}
        error={form.errorOf('color')}
      />
      <IconPicker
        value={values.icon}
        colour={values.color}
        onChange={(icon) => form.setValue('icon', icon)}
        error={form.errorOf('icon')}
      />
      <Switch
        label="Include in to-do list"
        description="Locations with this status show on the to-do list of the project."
        {...form.bind('include_in_todo', { type: 'checkbox' })}
      />
    </RecordForm>
  );
}

export const LocationStatusFormModal = recordFormModal('location status', LocationStatusForm);
