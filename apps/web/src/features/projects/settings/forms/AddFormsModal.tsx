import { projectFormCreateSchema } from '@fieldwork/contract';
import type { ProjectForm } from '@fieldwork/contract';
import { MultiSelect } from '@mantine/core';
import { z } from 'zod';
import { errorMessage } from '../../../../api/errors';
import { notifySuccess } from '../../../../ui/feedback/notify';
import { FormDialog } from '../../../../ui/forms/FormDialog';
import { ModalForm } from '../../../../ui/forms/ModalForm';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import type { SettingsOwner } from '../owner';
import { usePickerOptions } from '../picker-options';
import { configListApi } from '../settings-api';
import { useConfigMutation } from '../use-config-list';

/**
 * The forms picked, each sent as the `form_id` of its own create (so a 422 naming form_id lands
 * on the picker).
 */
const addFormsSchema = z.object({
  form_id: z.array(projectFormCreateSchema.shape.form_id).min(1, 'Choose at least one form'),
});

/** Adds forms of the library to the project, each as its own copy (POST .../forms). */
export function AddFormsModal({
  owner,
  opened,
  current,
  onClose,
}: {
  owner: SettingsOwner;
  opened: boolean;
  current: readonly ProjectForm[];
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Add forms">
      <AddFormsForm owner={owner} current={current} onDone={onClose} />
    </FormDialog>
  );
}

function AddFormsForm({
  owner,
  current,
  onDone,
}: {
  owner: SettingsOwner;
  current: readonly ProjectForm[];
  onDone: () => void;
}) {
  const forms = usePickerOptions('forms');
  const form = useZodForm(addFormsSchema, { form_id: [] as string[] });
  const add = useConfigMutation(owner, async (formIds: string[]) => {
    // One at a time, so the list keeps the order they were picked in.
    for (const formId of formIds) await configListApi(owner, 'forms').create({ form_id: formId });
  });
  const available = (forms.data ?? []).filter(
    (option) => !current.some((projectForm) => projectForm.form_id === option.value),
  );

  const send = ({ form_id: chosen }: z.output<typeof addFormsSchema>) =>
    add.mutate(chosen, {
      onSuccess: () => {
        notifySuccess(chosen.length === 1 ? 'Form added' : `${chosen.length} forms added`);
        onDone();
      },
      onError: form.capture,
    });

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel="Add forms"
      pending={add.isPending}
      onCancel={onDone}
    >
      <MultiSelect
        label="Forms"
        placeholder={forms.isPending ? 'Loading forms…' : 'Choose forms'}
        data={available}
        value={form.values.form_id}
        onChange={(ids) => form.setValue('form_id', ids)}
        searchable
        clearable
        hidePickedOptions
        maxDropdownHeight={260}
        nothingFoundMessage={
          forms.data?.length === 0
            ? 'The library has no forms yet'
            : available.length === 0
              ? 'Every form of the library is already here'
              : 'No match'
        }
        error={form.errorOf('form_id') ?? (forms.isError ? errorMessage(forms.error) : undefined)}
        comboboxProps={{ withinPortal: true }}
      />
    </ModalForm>
  );
}
