import { Group, Stack, Text } from '@mantine/core';
import { IconBox, IconPlaylistAdd } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { CsvImportButton } from '../../../../ui/csv-import/CsvImportButton';
import { modals } from '../../../../ui/feedback/modals';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import { inputTypeName, rateSetNoun } from '../../../materials';
import { ConfigListPanel } from '../ConfigListPanel';
import { LibraryButton, LibraryItemActions } from '../library-items';
import { ownerNoun } from '../owner';
import type { SettingsOwner } from '../owner';
import { setMaterials } from '../settings-api';
import {
  useConfigList,
  useConfigMutation,
  useDeleteConfigItem,
  useOwnerKey,
} from '../use-config-list';
import { ChooseMaterialsModal } from './ChooseMaterialsModal';

/**
 * Settings › Materials: which of the organisation's materials this work uses, each with its input
 * type and the rate set that prices it here per rate group (the default rate sets are chosen in
 * the general settings). A project imports its own prices per material from a CSV: a rate set
 * named after the project in each rate group, made its default there.
 */
export function MaterialsPage({ owner }: { owner: SettingsOwner }) {
  const materials = useConfigList(owner, 'materials');
  const remove = useDeleteConfigItem(owner, 'materials');
  const addAll = useConfigMutation(owner, () => setMaterials(owner, { add_all_materials: true }));
  const [choosing, setChoosing] = useState(false);
  const queryClient = useQueryClient();
  const ownerKey = useOwnerKey(owner);

  const confirmAddAll = () =>
    modals.openConfirmModal({
      title: 'Add all materials',
      children: (
        <Text size="sm">
          Every active material of the organisation is added to this {ownerNoun(owner)}.
        </Text>
      ),
      labels: { confirm: 'Add all', cancel: 'Cancel' },
      onConfirm: () =>
        addAll.mutate(undefined, {
          onSuccess: () => notifySuccess('All materials added'),
          onError: (error) => notifyFailure('Could not add the materials', error),
        }),
    });

  return (
    <>
      <ConfigListPanel
        owner={owner}
        list="materials"
        title="Materials"
        description={`The materials recorded and priced on this ${ownerNoun(owner)}.`}
        addLabel="Choose materials"
        onAdd={() => setChoosing(true)}
        actions={
          <>
            <LibraryButton
              icon={<IconPlaylistAdd size={16} />}
              loading={addAll.isPending}
              onClick={confirmAddAll}
            >
              Add all materials
            </LibraryButton>
            {owner.kind === 'project' && (
              <CsvImportButton
                kind="project_rate_set_csv"
                label="Import prices"
                title="Import the project’s prices"
                noun={(count) => `${count.toLocaleString()} price row${count === 1 ? '' : 's'}`}
                resultNoun={rateSetNoun}
                rowsAre="One row per tier or base price (the row without For up to)"
                fields={{ project_id: owner.id }}
                onImported={() => void queryClient.invalidateQueries({ queryKey: ownerKey })}
              />
            )}
          </>
        }
        empty={{
          icon: <IconBox size={32} />,
          title: 'No materials',
          description: 'Choose materials from the library, or add them all at once.',
        }}
        nameOf={(material) => material.material_name}
      >
        {(material) => (
          <Group gap="xs" wrap="nowrap">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={500} truncate>
                {material.material_name}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  inputTypeName(material.input_type_key),
                  ...material.rate_groups.map(
                    (group) =>
                      `${group.name}: ${
                        group.material_rate_set_name
                          ? `${group.material_rate_set_name}${group.use_custom ? ' (own prices)' : ''}`
                          : 'no rate set'
                      }`,
                  ),
                ].join(' · ')}
              </Text>
            </Stack>
            <LibraryItemActions
              owner={owner}
              name={material.material_name}
              noun="material"
              remove={() => remove.mutateAsync({ id: material.id })}
            />
          </Group>
        )}
      </ConfigListPanel>
      <ChooseMaterialsModal
        owner={owner}
        opened={choosing}
        current={materials.data ?? []}
        onClose={() => setChoosing(false)}
      />
    </>
  );
}
