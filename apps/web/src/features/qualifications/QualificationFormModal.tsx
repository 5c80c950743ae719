import {
  ActionIcon,
  Anchor,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { qualificationCreateSchema } from '@fieldwork/contract';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { MutationForm } from '../../ui/forms/MutationForm';
import { recordFormModal } from '../../ui/forms/RecordFormModal';
import type { RecordFormProps } from '../../ui/forms/RecordFormModal';
import { useZodForm } from '../../ui/forms/use-zod-form';
import type { Qualification } from '../../ui/people-types';
import { useDeleteAttachment, useSaveQualification } from './qualifications-api';
import { NameInput } from '../../ui/forms/NameInput';

/** The upload limits of the API (per file, files per request). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_FILES = 10;

export type QualificationEditTarget =
  { mode: 'create' } | { mode: 'edit'; qualification: Qualification } | null;

export interface QualificationFormModalProps {
  target: QualificationEditTarget;
  onClose: () => void;
  /** Members a manager may pick; undefined for members who add only their own. */
  memberOptions: Array<{ value: string; label: string }> | undefined;
  currentUserId: string;
}

export function QualificationFormModal({ target, ...rest }: QualificationFormModalProps) {
  return (
    <QualificationRecordModal
      target={target?.mode === 'edit' ? { mode: 'edit', record: target.qualification } : target}
      {...rest}
    />
  );
}

/** Only what changed is sent; an emptied optional field is cleared (null). */
function changedOptional(value: string, before: string | null | undefined) {
  const trimmed = value.trim();
  if (before === undefined) return trimmed || undefined;
  if (trimmed === (before ?? '')) return undefined;
  return trimmed || null;
}

function fileProblem(files: File[], existing: number): string | undefined {
  if (files.length + existing > MAX_FILES) return `At most ${MAX_FILES} files`;
  const tooLarge = files.find((file) => file.size > MAX_FILE_BYTES);
  return tooLarge ? `${tooLarge.name} is larger than 20 MB` : undefined;
}

function QualificationForm({
  record: qualification,
  onDone,
  memberOptions,
  currentUserId,
}: RecordFormProps<Qualification> &
  Pick<QualificationFormModalProps, 'memberOptions' | 'currentUserId'>) {
  const save = useSaveQualification();
  const deleteAttachment = useDeleteAttachment();
  const [attachments, setAttachments] = useState(qualification?.attachments ?? []);
  const form = useZodForm(
    qualificationCreateSchema,
    {
      user_id: qualification?.user_id ?? currentUserId,
      name: qualification?.name ?? '',
      reference: qualification?.reference ?? '',
      expiry_date: qualification?.expiry_date?.slice(0, 10) ?? '',
      files: [] as File[],
    },
    (values) => ({
      name: values.name,
      reference: changedOptional(
        values.reference,
        qualification ? qualification.reference : undefined,
      ),
      expiry_date: changedOptional(
        values.expiry_date,
        qualification ? (qualification.expiry_date?.slice(0, 10) ?? null) : undefined,
      ),
      ...(memberOptions &&
        values.user_id !== qualification?.user_id && { user_id: values.user_id }),
    }),
  );
  const { files } = form.values;
  const filesError = fileProblem(files, attachments.length);

  const removeAttachment = (attachmentId: string, name: string) => {
    if (!qualification) return;
    deleteAttachment.mutate(
      { id: qualification.id, attachmentId },
      {
        onSuccess: () => {
          setAttachments((current) => current.filter((item) => item.id !== attachmentId));
          notifySuccess(`${name} removed`);
        },
        onError: (error) => notifyFailure(`Could not remove ${name}`, error),
      },
    );
  };

  return (
    <MutationForm
      form={form}
      mutation={save}
      variables={(input) => ({ id: qualification?.id, input, files })}
      blocked={Boolean(filesError)}
      notice={(saved) => `${saved.name} ${qualification ? 'saved' : 'added'}`}
      onDone={onDone}
      submitLabel={qualification ? 'Save' : 'Add qualification'}
    >
      {memberOptions && (
        <Select
          label="Member"
          data={memberOptions}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.bind('user_id')}
        />
      )}
      <NameInput placeholder="e.g. First aid at work" {...form.bind('name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Reference" placeholder="Certificate number" {...form.bind('reference')} />
        <TextInput
          label="Expiry date"
          type="date"
          description="Leave empty if it never expires"
          {...form.bind('expiry_date')}
        />
      </SimpleGrid>
      {attachments.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Attached files
          </Text>
          {attachments.map((attachment) => (
            <Group key={attachment.id} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor href={attachment.url} target="_blank" rel="noreferrer" size="sm" truncate>
                <IconPaperclip size={12} style={{ verticalAlign: 'middle' }} /> {attachment.name}
              </Anchor>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${attachment.name}`}
                loading={
                  deleteAttachment.isPending &&
                  deleteAttachment.variables.attachmentId === attachment.id
                }
                onClick={() => removeAttachment(attachment.id, attachment.name)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <FileInput
        label={attachments.length > 0 ? 'Add files' : 'Files'}
        description="Certificates or cards, up to 20 MB each"
        placeholder="Choose files"
        leftSection={<IconUpload size={16} />}
        multiple
        clearable
        {...form.bind('files')}
        error={filesError ?? form.errorOf('files')}
      />
    </MutationForm>
  );
}

const QualificationRecordModal = recordFormModal('qualification', QualificationForm);
