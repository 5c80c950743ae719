import type { ApprovalStage } from '@fieldwork/contract';
import { MultiSelect, Stack, TextInput, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../../api/errors';
import { FormActions } from '../../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { RecordFormModal, notifySaved } from '../../../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../../../ui/forms/RecordFormModal';
import type { SettingsOwner } from '../owner';
import { useMemberOptions } from '../picker-options';
import { useSaveConfigItem } from '../use-config-list';
import { useValuesForm } from '../use-values-form';

export function ApprovalStageFormModal({
  owner,
  target,
  onClose,
}: {
  owner: SettingsOwner;
  target: EditTarget<ApprovalStage>;
  onClose: () => void;
}) {
  return (
    <RecordFormModal target={target} onClose={onClose} noun="approval stage">
      {(stage) => <ApprovalStageForm owner={owner} stage={stage} onDone={onClose} />}
    </RecordFormModal>
  );
}

function ApprovalStageForm({
  owner,
  stage,
  onDone,
}: {
  owner: SettingsOwner;
  stage: ApprovalStage | undefined;
  onDone: () => void;
}) {
  const save = useSaveConfigItem(owner, 'approval_stages');
  const members = useMemberOptions();
  const form = useValuesForm({
    name: stage?.name ?? '',
    declaration: stage?.declaration ?? '',
    user_ids: stage?.user_ids ?? [],
  });
  const { values } = form;
  // Approvers who have since left stay visible (by id) so they can be taken off.
  const memberOptions = [
    ...(members.data ?? []),
    ...values.user_ids
      .filter((id) => members.data && !members.data.some((option) => option.value === id))
      .map((id) => ({ value: id, label: 'Former member' })),
  ];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    save.mutate(
      {
        id: stage?.id,
        input: { ...values, declaration: values.declaration.trim() || null },
      },
      { onSuccess: notifySaved(!stage, onDone), onError: form.capture },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <TextInput
          label="Name"
          placeholder="e.g. Site manager sign-off"
          required
          data-autofocus
          value={values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.errorOf('name')}
        />
        <Textarea
          label="Declaration"
          description="What an approver confirms by approving at this stage."
          autosize
          minRows={2}
          maxRows={8}
          value={values.declaration}
          onChange={(event) => form.set('declaration', event.currentTarget.value)}
          error={form.errorOf('declaration')}
        />
        <MultiSelect
          label="Approvers"
          description="Members who may approve or reject at this stage."
          placeholder={members.isPending ? 'Loading members…' : 'Choose members'}
          data={memberOptions}
          value={values.user_ids}
          onChange={(ids) => form.set('user_ids', ids)}
          searchable
          clearable
          nothingFoundMessage="No member matches"
          error={
            form.errorOf('user_ids') ?? (members.isError ? errorMessage(members.error) : undefined)
          }
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions
          submitLabel={stage ? 'Save' : 'Add stage'}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
