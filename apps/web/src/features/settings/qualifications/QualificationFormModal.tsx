import {
  ActionIcon,
  Anchor,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifyFailure, notifySuccess } from '../../../ui/feedback/notify';
import { FormActions } from '../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../ui/forms/FormErrorAlert';
import { useForm } from '../../../ui/forms/use-form';
import type { Qualification } from '../people-types';
import { useDeleteAttachment, useSaveQualification } from './qualifications-api';
import type { QualificationInput } from './qualifications-api';

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

export function QualificationFormModal({ target, onClose, ...rest }: QualificationFormModalProps) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.mode === 'edit' ? 'Edit qualification' : 'New qualification'}
    >
      {target && (
        <QualificationForm
          key={target.mode === 'edit' ? target.qualification.id : 'new'}
          qualification={target.mode === 'edit' ? target.qualification : undefined}
          onDone={onClose}
          {...rest}
        />
      )}
    </Modal>
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
  qualification,
  onDone,
  memberOptions,
  currentUserId,
}: {
  qualification: Qualification | undefined;
  onDone: () => void;
  memberOptions: Array<{ value: string; label: string }> | undefined;
  currentUserId: string;
}) {
  const save = useSaveQualification();
  const deleteAttachment = useDeleteAttachment();
  const [attachments, setAttachments] = useState(qualification?.attachments ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm({
    user_id: qualification?.user_id ?? currentUserId,
    name: qualification?.name ?? '',
    reference: qualification?.reference ?? '',
    expiry_date: qualification?.expiry_date?.slice(0, 10) ?? '',
    files: '',
  });
  const filesError = fileProblem(files, attachments.length);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    if (filesError) return;
    const { values } = form;
    const input: QualificationInput = {
      name: values.name.trim(),
      reference: changedOptional(
        values.reference,
        qualification ? qualification.reference : undefined,
      ),
      expiry_date: changedOptional(
        values.expiry_date,
        qualification ? (qualification.expiry_date?.slice(0, 10) ?? null) : undefined,
      ),
    };
    if (memberOptions && values.user_id !== qualification?.user_id) input.user_id = values.user_id;
    save.mutate(
      { id: qualification?.id, input, files },
      {
        onSuccess: (saved) => {
          notifySuccess(qualification ? `${saved.name} saved` : `${saved.name} added`);
          onDone();
        },
        onError: form.capture,
      },
    );
  }

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
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        {memberOptions && (
          <Select
            label="Member"
            data={memberOptions}
            value={form.values.user_id}
            onChange={(value) => value && form.setValue('user_id', value)}
            error={form.fieldErrors.user_id}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <TextInput
          label="Name"
          placeholder="e.g. First aid at work"
          required
          data-autofocus
          {...form.bind('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Reference"
            placeholder="Certificate number"
            {...form.bind('reference')}
          />
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
          value={files}
          onChange={(chosen) => {
            setFiles(chosen);
            form.setValue('files', '');
          }}
          error={filesError ?? form.fieldErrors.files}
        />
        <FormActions
          submitLabel={qualification ? 'Save' : 'Add qualification'}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
