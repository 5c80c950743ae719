import { projectFormCreateSchema } from '@fieldwork/contract';
import type { ProjectForm } from '@fieldwork/contract';
import { z } from 'zod';
import { ChooseModal } from '../../../../ui/forms/ChooseModal';
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
  const forms = usePickerOptions('forms', { enabled: opened });
  const add = useConfigMutation(owner, async (formIds: string[]) => {
    // One at a time, so the list keeps the order they were picked in.
    for (const formId of formIds) await configListApi(owner, 'forms').create({ form_id: formId });
  });
  const available = (forms.data ?? []).filter(
    (option) => !current.some((projectForm) => projectForm.form_id === option.value),
  );
  return (
    <ChooseModal
      opened={opened}
      onClose={onClose}
      title="Add forms"
      field="form_id"
      schema={addFormsSchema}
      label="Forms"
      options={{ data: available, pending: forms.isPending, error: forms.error }}
      nothingFound={
        forms.data?.length === 0
          ? 'The library has no forms yet'
          : available.length === 0
            ? 'Every form of the library is already here'
            : 'No match'
      }
      submitLabel="Add forms"
      save={add}
      saved={(ids) => (ids.length === 1 ? 'Form added' : `${ids.length} forms added`)}
    />
  );
}
