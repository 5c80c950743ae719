import { documentFolderCreateSchema, signedDocumentFolderCreateSchema } from '@fieldwork/contract';
import type { DocumentFolder, SignedDocumentFolder } from '@fieldwork/contract';
import { Switch } from '@mantine/core';
import { RecordForm } from '../../../../ui/forms/RecordForm';
import { recordFormModal } from '../../../../ui/forms/RecordFormModal';
import type { RecordFormProps } from '../../../../ui/forms/RecordFormModal';
import type { SettingsOwner } from '../owner';
import { useSaveConfigItem } from '../use-config-list';
import { useZodForm } from '../../../../ui/forms/use-zod-form';
import { NameInput } from '../../../../ui/forms/NameInput';

export type FolderList = 'document_folders' | 'signed_document_folders';
type Folder = DocumentFolder | SignedDocumentFolder;

function FolderForm({
  owner,
  list,
  record: folder,
  onDone,
}: RecordFormProps<Folder> & { owner: SettingsOwner; list: FolderList }) {
  const save = useSaveConfigItem(owner, list);
  const isDocumentFolder = list === 'document_folders';
  const form = useZodForm(
    isDocumentFolder ? documentFolderCreateSchema : signedDocumentFolderCreateSchema,
    { name: folder?.name ?? '', private: folder && 'private' in folder ? folder.private : false },
    (values) => (isDocumentFolder ? values : { name: values.name }),
  );

  return (
    <RecordForm form={form} record={folder} save={save} createLabel="Add folder" onDone={onDone}>
      <NameInput placeholder="e.g. Method statements" {...form.bind('name')} />
      {isDocumentFolder && (
        <Switch
          label="Private"
          description="Only managers and admins see documents in a private folder."
          {...form.bind('private', { type: 'checkbox' })}
        />
      )}
    </RecordForm>
  );
}

/** A document folder (name, private) or a signed document folder (name). */
export const FolderFormModal = recordFormModal(
  ({ list }: { list: FolderList }) =>
    list === 'document_folders' ? 'document folder' : 'signed document folder',
  FolderForm,
);
