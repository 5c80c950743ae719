import type { DocumentFolder, SignedDocumentFolder } from '@fieldwork/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconFolder, IconFolderCheck, IconLock } from '@tabler/icons-react';
import { useEditTarget } from '../../../../ui/forms/RecordFormModal';
import { ConfigListPanel } from '../ConfigListPanel';
import { confirmRemoval } from '../confirm-removal';
import { ownerNoun } from '../owner';
import type { SettingsOwner } from '../owner';
import { RowActions } from '../RowActions';
import { useDeleteConfigItem } from '../use-config-list';
import { FolderFormModal } from './FolderFormModal';
import type { FolderList } from './FolderFormModal';

/** Settings › Folders: where documents and signed documents of the project are filed. */
export function FoldersPage({ owner }: { owner: SettingsOwner }) {
  return (
    <Stack gap="xl">
      <FolderListSection owner={owner} list="document_folders" />
      <FolderListSection owner={owner} list="signed_document_folders" />
    </Stack>
  );
}

const COPY: Record<FolderList, { title: string; description: string; icon: typeof IconFolder }> = {
  document_folders: {
    title: 'Document folders',
    description: 'Folders for drawings, method statements and other documents of this {owner}.',
    icon: IconFolder,
  },
  signed_document_folders: {
    title: 'Signed document folders',
    description: 'Folders for documents members sign to acknowledge, such as inductions.',
    icon: IconFolderCheck,
  },
};

function FolderListSection({ owner, list }: { owner: SettingsOwner; list: FolderList }) {
  const edit = useEditTarget<DocumentFolder | SignedDocumentFolder>();
  const remove = useDeleteConfigItem(owner, list);
  const { title, description, icon: Icon } = COPY[list];

  return (
    <>
      <ConfigListPanel
        owner={owner}
        list={list}
        title={title}
        description={`${description.replace('{owner}', ownerNoun(owner))}`}
        addLabel="Add folder"
        onAdd={edit.openCreate}
        empty={{
          icon: <Icon size={32} />,
          title: `No ${title.toLowerCase()}`,
          description: 'Add a folder to file documents in.',
        }}
        nameOf={(folder) => folder.name}
      >
        {(folder: DocumentFolder | SignedDocumentFolder) => (
          <Group gap="xs" wrap="nowrap">
            <Icon size={18} color="var(--mantine-color-dimmed)" style={{ flex: 'none' }} />
            <Text fw={500} truncate style={{ flex: 1, minWidth: 0 }}>
              {folder.name}
            </Text>
            {'private' in folder && folder.private && (
              <Badge variant="light" color="gray" leftSection={<IconLock size={12} />}>
                Private
              </Badge>
            )}
            <RowActions
              name={folder.name}
              onEdit={() => edit.openEdit(folder)}
              onDelete={() =>
                confirmRemoval({
                  title: `Delete ${folder.name}`,
                  name: folder.name,
                  message: `The folder ${folder.name} is removed from this ${ownerNoun(owner)}.`,
                  remove: () => remove.mutateAsync({ id: folder.id }),
                })
              }
            />
          </Group>
        )}
      </ConfigListPanel>
      <FolderFormModal owner={owner} list={list} target={edit.target} onClose={edit.close} />
    </>
  );
}
