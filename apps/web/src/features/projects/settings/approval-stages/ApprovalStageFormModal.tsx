import { approvalStageCreateSchema } from '@fieldwork/contract';
import type { ApprovalStage } from '@fieldwork/contract';
import { MultiSelect, Textarea } from '@mantine/core';
import { errorMessage } from '../../../../api/errors';
import { RecordForm } from '../../../../ui/forms/RecordForm';
import { recordFormModal } from '../../../../ui/forms/RecordFormModal';
import type { RecordFormProps } from '../../../../ui/forms/RecordFormModal';
import type { SettingsOwner } from '../owner';
import { useMemberOptions } from '../picker-options';
import { useSaveConfigItem } from '../use-config-list';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { NameInput } from '../../../../ui/forms/NameInput';

function ApprovalStageForm({
  owner,
  record: stage,
  onDone,
}: RecordFormProps<ApprovalStage> & { owner: SettingsOwner }) {
  const save = useSaveConfigItem(owner, 'approval_stages');
  const members = useMemberOptions();
  const form = useZodForm(approvalStageCreateSchema, {
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

  return (
    <RecordForm form={form} record={stage} save={save} createLabel="Add stage" onDone={onDone}>
      <NameInput placeholder="e.g. Site manager sign-off" {...form.bind('name')} />
      <Textarea
        label="Declaration"
        description="What an approver confirms by approving at this stage."
        autosize
        minRows={2}
        maxRows={8}
        {...form.bind('declaration')}
      />
      <MultiSelect
        label="Approvers"
        description="Members who may approve or reject at this stage."
        placeholder={members.isPending ? 'Loading members…' : 'Choose members'}
        data={memberOptions}
        searchable
        clearable
        nothingFoundMessage="No member matches"
        comboboxProps={{ withinPortal: true }}
        {...form.bind('user_ids')}
        error={
          form.errorOf('user_ids') ?? (members.isError ? errorMessage(members.error) : undefined)
        }
      />
    </RecordForm>
  );
}

export const ApprovalStageFormModal = recordFormModal('approval stage', ApprovalStageForm);
