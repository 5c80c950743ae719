import type { Material } from '@fieldwork/contract';
import { Badge, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { IconBox, IconCurrencyPound, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ArchivableListFilters } from '../../ui/data-table/ArchivableListFilters';
import { RecordActionsMenu } from '../../ui/data-table/RecordActionsMenu';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { RecordName, RecordTable, type RecordColumn } from '../../ui/data-table/RecordTable';
import { useArchivableListState } from '../../ui/data-table/use-archivable-list-state';
import { CsvImportButton } from '../../ui/csv-import/CsvImportButton';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { FormDialog } from '../../ui/forms/FormDialog';
import { ModalForm } from '../../ui/forms/ModalForm';
import { submitHandler } from '../../ui/forms/submit-handler';
import { useEditTarget } from '../../ui/forms/RecordFormModal';
import { MaterialFormModal } from './MaterialFormModal';
import { MaterialRatesDialog } from './MaterialRatesDialog';
import {
  inputTypeName,
  materialCount,
  materialsApi,
  useBulkMaterialAction,
  useMaterialGroups,
  useMaterialList,
  useMaterialTags,
  useSetMaterialGroup,
} from './materials-api';

type MaterialSort = 'name' | 'input_type_key' | 'material_group_name';

/** The input types (key, name, measures) to fill a materials CSV's Input type column with. */
const INPUT_TYPES_FILE = {
  label: 'Input types',
  path: 'input_types_url',
  filename: 'material_input_types.csv',
};

/** Library → Materials: the organisation's materials with their groups, tags and input types. */
export function MaterialsPage() {
  const list = useArchivableListState<MaterialSort>('name');
  const materials = useMaterialList(list.query);
  const bulk = useBulkMaterialAction();
  const edit = useEditTarget<Material>();
  const tags = useMaterialTags();
  const [grouping, setGrouping] = useState<string[] | null>(null);
  const [pricing, setPricing] = useState<Material | null>(null);
  const tagName = (id: string) => tags.data?.find((tag) => tag.id === id)?.name;

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={edit.openCreate}>
      New material
    </Button>
  );
  const columns: RecordColumn<Material, MaterialSort>[] = [
    {
      sort: 'name',
      header: 'Name',
      cell: (material) => (
        <RecordName name={material.name} archived={material.archived_at !== null} wrap="wrap">
          {material.in_use && (
            <Badge size="xs" variant="light" color="teal">
              In use
            </Badge>
          )}
        </RecordName>
      ),
    },
    {
      sort: 'input_type_key',
      header: 'Input type',
      cell: (material) => inputTypeName(material.input_type_key),
    },
    {
      sort: 'material_group_name',
      header: 'Group',
      visibleFrom: 'sm',
      cell: (material) =>
        material.material_group?.name ?? (
          <Text size="sm" c="dimmed">
            No group
          </Text>
        ),
    },
    {
      header: 'Tags',
      visibleFrom: 'sm',
      cell: (material) => (
        <Group gap={4}>
          {material.material_tag_ids.map((id) => (
            <Badge key={id} size="xs" variant="outline" color="gray">
              {tagName(id) ?? 'Tag'}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <ArchivableListFilters plural="materials" list={list} />
        <Group gap="sm">
          <CsvImportButton
            kind="materials_csv"
            title="Import materials"
            noun={materialCount}
            reference={INPUT_TYPES_FILE}
            onImported={() => void materials.refetch()}
          />
          {newButton}
        </Group>
      </Group>
      <RecordListView
        list={list}
        result={materials}
        plural="materials"
        bulk={{ mutation: bulk, countLabel: materialCount, showArchived: list.showArchived }}
        empty={{
          icon: <IconBox size={32} />,
          title: 'No materials yet',
          description:
            'Add what your teams install, with how it is measured, by hand or from a CSV file.',
          action: newButton,
        }}
      >
        {(rows, selection) => (
          <>
            {selection.ids.length > 0 && (
              <Group>
                <Button size="xs" variant="default" onClick={() => setGrouping(selection.ids)}>
                  Set group of {materialCount(selection.ids.length)}
                </Button>
              </Group>
            )}
            <RecordTable
              rows={rows}
              columns={columns}
              sort={list.sort}
              onSort={list.sortBy}
              minWidth={360}
              selection={{ rows: selection, plural: 'materials' }}
              actions={(material) => (
                <RecordActionsMenu
                  record={material}
                  api={materialsApi}
                  canForce={false}
                  deleteTitle="Delete material"
                  deleteMessage={`Delete ${material.name}? A material recorded on job sheets is archived instead.`}
                  onEdit={() => edit.openEdit(material)}
                >
                  <Menu.Item
                    leftSection={<IconCurrencyPound size={14} />}
                    onClick={() => setPricing(material)}
                  >
                    Prices in rate sets…
                  </Menu.Item>
                  <Menu.Item disabled>{inputTypeName(material.input_type_key)}</Menu.Item>
                </RecordActionsMenu>
              )}
            />
          </>
        )}
      </RecordListView>
      <MaterialFormModal target={edit.target} onClose={edit.close} />
      <SetGroupDialog ids={grouping} onClose={() => setGrouping(null)} />
      <MaterialRatesDialog material={pricing} onClose={() => setPricing(null)} />
    </Stack>
  );
}

/** Bulk edit: one group (or none) for every checked material. */
function SetGroupDialog({ ids, onClose }: { ids: string[] | null; onClose: () => void }) {
  const groups = useMaterialGroups();
  const setGroup = useSetMaterialGroup();
  const [groupId, setGroupId] = useState<string | null>(null);
  return (
    <FormDialog opened={ids !== null} onClose={onClose} title="Set the group">
      <ModalForm
        onSubmit={submitHandler(() =>
          setGroup.mutate(
            { ids: ids ?? [], groupId },
            {
              onSuccess: (answer) => {
                notifySuccess(`Group set on ${materialCount(answer.updated.length)}`);
                onClose();
              },
              onError: (error) => notifyFailure('Could not set the group', error),
            },
          ),
        )}
        formError={null}
        submitLabel="Set group"
        pending={setGroup.isPending}
      >
        <Select
          label="Group"
          placeholder="No group"
          clearable
          data={(groups.data ?? [])
            .filter((g) => !g.archived_at)
            .map((g) => ({ value: g.id, label: g.name }))}
          value={groupId}
          onChange={setGroupId}
          comboboxProps={{ withinPortal: true }}
        />
      </ModalForm>
    </FormDialog>
  );
}
