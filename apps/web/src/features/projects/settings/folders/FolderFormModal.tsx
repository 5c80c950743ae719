import type { DocumentFolder, SignedDocumentFolder } from '@fieldwork/contract';
import { Stack, Switch, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormActions } from '../../../../ui/forms/FormActions';
import { FormErrorAlert } from '../../../../ui/forms/FormErrorAlert';
import { RecordFormModal, notifySaved } from '../../../../ui/forms/RecordFormModal';
import type { EditTarget } from '../../../../ui/forms/RecordFormModal';
import type { SettingsOwner } from '../owner';
import { useSaveConfigItem } from '../use-config-list';
import { useValuesForm } from '../use-values-form';

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
  const form = useValuesForm({
    name: folder?.name ?? '',
    private: folder && 'private' in folder ? folder.private : false,
  });
  const { values } = form;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.resetErrors();
    const input = list === 'document_folders' ? values : { name: values.name };
    save.mutate(
      { id: folder?.id, input },
      { onSuccess: notifySaved(!folder, onDone), onError: form.capture },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormErrorAlert message={form.formError} />
        <TextInput
          label="Name"
          placeholder="e.g. Method statements"
          required
          data-autofocus
          value={values.name}
          onChange={(event) => form.set('name', event.currentTarget.value)}
          error={form.errorOf('name')}
        />
        {list === 'document_folders' && (
          <Switch
            label="Private"
            description="Only managers and admins see documents in a private folder."
            checked={values.private}
            onChange={(event) => form.set('private', event.currentTarget.checked)}
            error={form.errorOf('private')}
          />
        )}
        <FormActions
          submitLabel={folder ? 'Save' : 'Add folder'}
          pending={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
