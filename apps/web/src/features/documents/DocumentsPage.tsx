import type { Document } from '@fieldwork/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Checkbox,
  Group,
  Image,
  List,
  Loader,
  Menu,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconFolder, IconLock, IconPhoto, IconPlus } from '@tabler/icons-react';
import { useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { PageHeader } from '../../ui/PageHeader';
import { formatFileSize } from '../../ui/builds/build-status';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../ui/feedback/ListEmptyState';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FileDrop } from '../../ui/uploads/FileDrop';
import { projectDocumentsPath, signedDocumentsPath } from './document-paths';
import {
  uploadDocument,
  useConvertToSigned,
  useCreateFolder,
  useDeleteDocument,
  useFolder,
  useFolderContents,
  useMoveDocuments,
  useProjectFolders,
  useRenameDocument,
  useSetPrivate,
  useManagesDocuments,
} from './documents-api';
import { PdfPages } from './PdfPages';
import { FormActions } from '../../ui/forms/FormActions';
import { NameInput } from '../../ui/forms/NameInput';

const UPLOAD_RULES = {
  accept: [
    'application/pdf',
    'image/png',
    'image/jpeg',
    'image/webp',
    'image/gif',
    'text/plain',
    'text/csv',
    'application/zip',
    'application/msword',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  acceptLabel: 'PDF, image, office, zip or text',
  maxBytes: 100 * 1024 * 1024,
  noun: 'document',
};

/** The type a person reads for a file. */
function kindOf(document: Document) {
  if (document.is_folder) return 'Folder';
  const type = document.file?.content_type ?? '';
  if (type === 'application/pdf') return 'PDF';
  if (type.startsWith('image/')) return 'Image';
  return 'File';
}

const DRAG_TYPE = 'application/x-fieldwork-documents';

/**
 * /organisations/{slug}/projects/{projectId}/documents?folder={id}: a project's documents, one
 * folder at a time with its breadcrumbs. Managers upload (drag and drop, with progress), make
 * folders, rename, move (drag rows onto a folder, or "Move to…"; each item that could not go is
 * listed with its reason), make private or public, and turn a PDF into a signed document.
 */
export function DocumentsPage() {
  const { projectId = '' } = useParams();
  const [params] = useSearchParams();
  const folderId = params.get('folder');
  const { slug } = useCurrentOrganisation();
  const manages = useManagesDocuments();
  const contents = useFolderContents(projectId, folderId);
  const folder = useFolder(folderId);
  const [selected, setSelected] = useState<string[]>([]);
  const [preview, setPreview] = useState<Document | null>(null);
  const [renaming, setRenaming] = useState<Document | null>(null);
  const [creating, setCreating] = useState(false);
  const [moving, setMoving] = useState(false);
  const [failures, setFailures] = useState<{ intro: string; items: string[] } | null>(null);
  const move = useMoveDocuments();
  const rows = contents.data ?? [];
  const nameOf = (id: string) => rows.find((row) => row.id === id)?.name;

  const moveTo = async (ids: string[], target: string | null) => {
    try {
      const result = await move.mutateAsync({ ids, folderId: target });
      if (result?.failed.length) {
        setFailures({
          intro: result.moved.length ? `${result.moved.length} moved.` : 'Nothing was moved.',
          items: result.failed.map(
            (failure) => `${nameOf(failure.id) ?? 'An item'}: ${failure.reason}`,
          ),
        });
      } else notifySuccess(`${ids.length === 1 ? 'Item' : `${ids.length} items`} moved`);
      setSelected([]);
    } catch (error) {
      notifyFailure('Could not move', error);
    }
  };

  const crumbs = [
    { id: null as string | null, name: 'All documents' },
    ...(folder.data?.path ?? []).map((step) => ({ id: step.folder_id, name: step.folder_name })),
    ...(folderId && folder.data ? [{ id: folderId, name: folder.data.name }] : []),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Documents"
        description={
          <Anchor component={Link} to={signedDocumentsPath(slug, projectId)}>
            Signed documents of this project
          </Anchor>
        }
        actions={
          manages && (
            <>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => setCreating(true)}
              >
                New folder
              </Button>
              <Button disabled={!selected.length} onClick={() => setMoving(true)}>
                Move to…
              </Button>
            </>
          )
        }
      />
      <Breadcrumbs aria-label="Folders" separatorMargin={4}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.id ?? 'root'} fw={600} aria-current="page">
              {crumb.name}
            </Text>
          ) : (
            <DropTarget
              key={crumb.id ?? 'root'}
              onDrop={(ids) => void moveTo(ids, crumb.id)}
              enabled={manages}
            >
              <Anchor component={Link} to={projectDocumentsPath(slug, projectId, crumb.id)}>
                {crumb.name}
              </Anchor>
            </DropTarget>
          ),
        )}
      </Breadcrumbs>
      {manages && (
        <FileDrop
          label="Documents"
          rules={UPLOAD_RULES}
          multiple
          send={(file, onProgress) => uploadDocument(projectId, folderId, file, onProgress)}
          onUploaded={() => void contents.refetch()}
        />
      )}
      {contents.isError && !contents.data ? (
        <QueryErrorState title="Could not load the documents" query={contents} />
      ) : !contents.data ? (
        <Loader role="status" aria-label="Loading the documents" />
      ) : rows.length === 0 ? (
        <ListEmptyState
          icon={<IconFolder size={32} />}
          title="This folder is empty"
          description={manages ? 'Drop files above or make a folder.' : 'Nothing here yet.'}
        />
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs" highlightOnHover aria-label="Folder contents">
            <Table.Thead>
              <Table.Tr>
                {manages && (
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label="Select all"
                      checked={selected.length === rows.length}
                      indeterminate={selected.length > 0 && selected.length < rows.length}
                      onChange={(event) =>
                        setSelected(event.currentTarget.checked ? rows.map((row) => row.id) : [])
                      }
                    />
                  </Table.Th>
                )}
                <Table.Th>Name</Table.Th>
                <Table.Th visibleFrom="sm">Type</Table.Th>
                <Table.Th visibleFrom="sm">Size</Table.Th>
                {manages && (
                  <Table.Th w={48}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <DocumentRow
                  key={row.id}
                  document={row}
                  manages={manages}
                  selected={selected.includes(row.id)}
                  onSelect={(on) =>
                    setSelected((ids) =>
                      on ? [...ids, row.id] : ids.filter((id) => id !== row.id),
                    )
                  }
                  dragIds={selected.includes(row.id) ? selected : [row.id]}
                  onDropInto={(ids) => void moveTo(ids, row.id)}
                  onPreview={() => setPreview(row)}
                  onRename={() => setRenaming(row)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {creating && (
        <FolderModal projectId={projectId} folderId={folderId} onClose={() => setCreating(false)} />
      )}
      {renaming && <RenameModal document={renaming} onClose={() => setRenaming(null)} />}
      {moving && (
        <MoveModal
          projectId={projectId}
          count={selected.length}
          onClose={() => setMoving(false)}
          onMove={(target) => {
            setMoving(false);
            void moveTo(selected, target);
          }}
        />
      )}
      <Modal
        opened={failures !== null}
        onClose={() => setFailures(null)}
        title="Some items were not moved"
      >
        <Stack gap="sm">
          <Text size="sm">{failures?.intro}</Text>
          <List size="sm" spacing={4} data-testid="move-failures">
            {failures?.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>
      </Modal>
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.name ?? ''}
        size="xl"
      >
        {preview && <Preview document={preview} />}
      </Modal>
    </Stack>
  );
}

/** A place documents can be dropped on to move them there. */
function DropTarget({
  onDrop,
  enabled,
  children,
}: {
  onDrop: (ids: string[]) => void;
  enabled: boolean;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  if (!enabled) return <>{children}</>;
  return (
    <span
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const ids = event.dataTransfer.getData(DRAG_TYPE);
        if (!ids) return;
        event.preventDefault();
        onDrop(ids.split(','));
      }}
      style={over ? { outline: '2px dashed var(--mantine-color-blue-6)' } : undefined}
    >
      {children}
    </span>
  );
}

function DocumentRow({
  document,
  manages,
  selected,
  onSelect,
  dragIds,
  onDropInto,
  onPreview,
  onRename,
}: {
  document: Document;
  manages: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  dragIds: string[];
  onDropInto: (ids: string[]) => void;
  onPreview: () => void;
  onRename: () => void;
}) {
  const { slug } = useCurrentOrganisation();
  const navigate = useNavigate();
  const setPrivate = useSetPrivate();
  const remove = useDeleteDocument();
  const convert = useConvertToSigned();
  const [over, setOver] = useState(false);
  const icon = document.is_folder ? (
    <IconFolder size={18} aria-hidden />
  ) : document.file?.content_type.startsWith('image/') ? (
    <IconPhoto size={18} aria-hidden />
  ) : (
    <Badge size="xs" variant="light" w={36} px={0}>
      {kindOf(document)}
    </Badge>
  );
  const dropProps =
    manages && document.is_folder
      ? {
          onDragOver: (event: DragEvent) => {
            if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
            event.preventDefault();
            setOver(true);
          },
          onDragLeave: () => setOver(false),
          onDrop: (event: DragEvent) => {
            setOver(false);
            const ids = event.dataTransfer.getData(DRAG_TYPE);
            if (!ids) return;
            event.preventDefault();
            onDropInto(ids.split(','));
          },
        }
      : {};
  return (
    <Table.Tr
      draggable={manages}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData(DRAG_TYPE, dragIds.join(','));
        event.dataTransfer.effectAllowed = 'move';
      }}
      bg={over ? 'var(--mantine-color-blue-0)' : undefined}
      data-testid={`document-${document.name}`}
      {...dropProps}
    >
      {manages && (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${document.name}`}
            checked={selected}
            onChange={(event) => onSelect(event.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {icon}
          {document.is_folder ? (
            <Anchor
              component={Link}
              to={projectDocumentsPath(slug, document.project_id, document.id)}
            >
              {document.name}
            </Anchor>
          ) : (
            <Anchor component="button" type="button" onClick={onPreview} ta="left">
              {document.name}
            </Anchor>
          )}
          {document.private && (
            <Badge size="sm" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
              Private
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">{kindOf(document)}</Table.Td>
      <Table.Td visibleFrom="sm">
        {document.file ? formatFileSize(document.file.size) : ''}
      </Table.Td>
      {manages && (
        <Table.Td>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Actions for ${document.name}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={onRename}>Rename</Menu.Item>
              {document.is_folder && (
                <Menu.Item
                  onClick={() =>
                    setPrivate.mutate(
                      { id: document.id, isPrivate: !document.private },
                      { onError: (error) => notifyFailure('Could not change privacy', error) },
                    )
                  }
                >
                  {document.private ? 'Make public' : 'Make private'}
                </Menu.Item>
              )}
              {document.file?.content_type === 'application/pdf' && (
                <Menu.Item
                  onClick={() =>
                    convert.mutate(document.id, {
                      onSuccess: () => {
                        notifySuccess('Signed document made');
                        void navigate(signedDocumentsPath(slug, document.project_id));
                      },
                      onError: (error) => notifyFailure('Could not make a signed document', error),
                    })
                  }
                >
                  Make a signed document
                </Menu.Item>
              )}
              {document.file && (
                <Menu.Item component="a" href={`${document.file.url}&download=1`}>
                  Download
                </Menu.Item>
              )}
              <Menu.Item
                color="red"
                onClick={() =>
                  confirmDestructive({
                    title: `Delete ${document.name}?`,
                    message: document.is_folder
                      ? 'The folder and everything in it will be deleted.'
                      : 'The file will be deleted.',
                    confirmLabel: 'Delete',
                    onConfirm: () =>
                      remove.mutate(document.id, {
                        onError: (error) => notifyFailure('Could not delete', error),
                      }),
                  })
                }
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function Preview({ document }: { document: Document }) {
  const type = document.file?.content_type ?? '';
  if (type.startsWith('image/') && document.file)
    return <Image src={document.file.url} alt={document.name} fit="contain" mah="70vh" />;
  if (type === 'application/pdf')
    return <PdfPages path={`/documents/${document.id}/file`} title={document.name} />;
  return (
    <Stack gap="sm">
      <Text>This file cannot be shown here.</Text>
      {document.file && (
        <Button component="a" href={`${document.file.url}&download=1`} w="fit-content">
          Download
        </Button>
      )}
    </Stack>
  );
}

function FolderModal({
  projectId,
  folderId,
  onClose,
}: {
  projectId: string;
  folderId: string | null;
  onClose: () => void;
}) {
  const create = useCreateFolder();
  const [name, setName] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { project_id: projectId, folder_id: folderId, name, private: isPrivate },
      { onSuccess: onClose, onError: (failure) => setError(errorMessage(failure)) },
    );
  };
  return (
    <Modal opened onClose={onClose} title="New folder">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <NameInput
            value={name}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Switch
            label="Private: only managers and admins see it"
            checked={isPrivate}
            onChange={(event) => setPrivate(event.currentTarget.checked)}
          />
          <FormActions submitLabel="Create folder" pending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function RenameModal({ document, onClose }: { document: Document; onClose: () => void }) {
  const rename = useRenameDocument();
  const [name, setName] = useState(document.name);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={`Rename ${document.name}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate(
            { id: document.id, name },
            { onSuccess: onClose, onError: (failure) => setError(errorMessage(failure)) },
          );
        }}
      >
        <Stack gap="sm">
          <NameInput
            value={name}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <FormActions submitLabel="Rename" pending={rename.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function MoveModal({
  projectId,
  count,
  onClose,
  onMove,
}: {
  projectId: string;
  count: number;
  onClose: () => void;
  onMove: (folderId: string | null) => void;
}) {
  const folders = useProjectFolders(projectId);
  const [target, setTarget] = useState<string | null>('root');
  const options = [
    { value: 'root', label: 'All documents (the top)' },
    ...(folders.data ?? []).map((folder) => ({
      value: folder.id,
      label: [...folder.path.map((step) => step.folder_name), folder.name].join(' / '),
    })),
  ];
  return (
    <Modal opened onClose={onClose} title={`Move ${count} item${count === 1 ? '' : 's'}`}>
      <Stack gap="sm">
        <Select
          label="Into"
          data={options}
          value={target}
          onChange={setTarget}
          searchable
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button onClick={() => onMove(target === 'root' ? null : target)} disabled={!target}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
