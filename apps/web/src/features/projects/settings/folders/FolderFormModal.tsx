import { documentFolderCreateSchema, signedDocumentFolderCreateSchema } from '@fieldwork/contract';
import type { DocumentFolder, SignedDocumentFolder } from '@fieldwork/contract';
import { Switch, TextInput } from '@mantine/core';
import { ModalForm } from '../../../../ui/forms/ModalForm';
import { RecordFormModal, notifySaved } from '../../../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../../../ui/forms/RecordFormModal';
import type { SettingsOwner } from '../owner';
import { useSaveConfigItem } from '../use-config-list';
import { useZodForm } from '../../../../ui/forms/use-zod-form';

export type FolderList = 'document_folders' | 'signed_document_folders';
type Folder = DocumentFolder | SignedDocumentFolder;

/** A document folder (name, private) or a signed document folder (name). */
export function FolderFormModal({
  owner,
  list,
  target,
  onClose,
}: {
  owner: SettingsOwner;
  list: FolderList;
  target: EditTarget<Folder>;
  onClose: () => void;
}) {
  const noun = list === 'document_folders' ? 'document folder' : 'signed document folder';
  return (
    <RecordFormModal target={target} onClose={onClose} noun={noun}>
      {(folder) => <FolderForm owner={owner} list={list} folder={folder} onDone={onClose} />}
    </RecordFormModal>
  );
}

function FolderForm({
  owner,
  list,
  folder,
  onDone,
}: {
  owner: SettingsOwner;
  list: FolderList;
  folder: Folder | undefined;
  onDone: () => void;
}) {
  const save = useSaveConfigItem(owner, list);
  const isDocumentFolder = list === 'document_folders';
  const form = useZodForm(
    isDocumentFolder ? documentFolderCreateSchema : signedDocumentFolderCreateSchema,
    { name: folder?.name ?? '', private: folder && 'private' in folder ? folder.private : false },
    (values) => (isDocumentFolder ? values : { name: values.name }),
  );

  const send = (input: object) =>
    save.mutate(
      { id: folder?.id, input },
      { onSuccess: notifySaved(!folder, onDone), onError: form.capture },
    );

  return (
    <ModalForm
      onSubmit={form.submit(send)}
      formError={form.formError}
      submitLabel={folder ? 'Save' : 'Add folder'}
      pending={save.isPending}
      onCancel={onDone}
    >
      <TextInput
        label="Name"
        placeholder="e.g. Method statements"
        required
        data-autofocus
        {...form.bind('name')}
      />
      {isDocumentFolder && (
        <Switch
          label="Private"
          description="Only managers and admins see documents in a private folder."
          {...form.bind('private', { type: 'checkbox' })}
        />
      )}
    </ModalForm>
  );
}
