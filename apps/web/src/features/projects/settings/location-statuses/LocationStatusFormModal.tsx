import { LOCATION_STATUS_TYPES } from '@fieldwork/contract';
import type { LocationStatus } from '@fieldwork/contract';
import { Select, Stack, Switch, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormActions } from '../../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { RecordFormModal, notifySaved } from '../../../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../../../ui/forms/RecordFormModal';
import type { SettingsOwner } from '../owner';
import { useSaveConfigItem } from '../use-config-list';
import { useValuesForm } from '../use-values-form';
import { ColourPicker, IconPicker } from './StatusPickers';
import { STATUS_TYPE_HINT, STATUS_TYPE_LABEL } from './status-types';

export function LocationStatusFormModal({
  owner,
  target,
  onClose,
}: {
  owner: SettingsOwner;
  target: EditTarget<LocationStatus>;
  onClose: () => void;
}) {
  return (
    <RecordFormModal target={target} onClose={onClose} noun="location status">
      {(status) => <LocationStatusForm owner={owner} status={status} onDone={onClose} />}
    </RecordFormModal>
  );
}

type StatusValues = Pick<LocationStatus, 'name' | 'type' | 'color' | 'icon' | 'include_in_todo'>;

function LocationStatusForm({
  owner,
  status,
  onDone,
}: {
  owner: SettingsOwner;
  status: LocationStatus | undefined;
  onDone: () => void;
}) {
  const save = useSaveConfigItem(owner, 'location_statuses');
  const form = useValuesForm<StatusValues>({
    name: status?.name ?? '',
    type: status?.type ?? 'PENDING',
    color: status?.color ?? 'grey',
    icon: status?.icon ?? 'status',
    include_in_todo: status?.include_in_todo ?? false,
  });
  const { values } = form;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    save.mutate(
      { id: status?.id, input: values },
      { onSuccess: notifySaved(!status, onDone), onError: form.capture },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <TextInput
          label="Name"
          placeholder="e.g. Fire stopping complete"
          required
          data-autofocus
          value={values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.errorOf('name')}
        />
        <Select
          label="Type"
          description={STATUS_TYPE_HINT[values.type]}
          data={LOCATION_STATUS_TYPES.map((type) => ({
            value: type,
            label: STATUS_TYPE_LABEL[type],
          }))}
          value={values.type}
          onChange={(type) => type && form.set('type', type)}
          allowDeselect={false}
          error={form.errorOf('type')}
          comboboxProps={{ withinPortal: true }}
        />
        <ColourPicker
          value={values.color}
          onChange={(color) => form.set('color', color)}
          error={form.errorOf('color')}
        />
        <IconPicker
          value={values.icon}
          colour={values.color}
          onChange={(icon) => form.set('icon', icon)}
          error={form.errorOf('icon')}
        />
        <Switch
          label="Include in to-do list"
          description="Locations with this status show on the to-do list of the project."
          checked={values.include_in_todo}
          onChange={(event) => form.set('include_in_todo', event.currentTarget.checked)}
        />
        <FormActions
          submitLabel={status ? 'Save' : 'Add status'}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
