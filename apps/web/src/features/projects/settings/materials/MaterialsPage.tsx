import { Group, Stack, Text } from '@mantine/core';
import { IconBox, IconPlaylistAdd } from '@tabler/icons-react';
import { modals } from '../../../../ui/feedback/modals';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../../ui/feedback/notify';
import { inputTypeName } from '../../../materials';
import { ConfigListPanel } from '../ConfigListPanel';
import { LibraryButton, LibraryItemActions } from '../library-items';
import { ownerNoun } from '../owner';
import type { SettingsOwner } from '../owner';
import { setMaterials } from '../settings-api';
import { useConfigList, useConfigMutation, useDeleteConfigItem } from '../use-config-list';
import { ChooseMaterialsModal } from './ChooseMaterialsModal';

/**
 * Settings › Materials: which of the organisation's materials this work uses, each with its input
 * type and the rate set that prices it here per rate group (the default rate sets are chosen in
 * the general settings).
 */
export function MaterialsPage({ owner }: { owner: SettingsOwner }) {
  const materials = useConfigList(owner, 'materials');
  const remove = useDeleteConfigItem(owner, 'materials');
  const addAll = useConfigMutation(owner, () => setMaterials(owner, { add_all_materials: true }));
  const [choosing, setChoosing] = useState(false);

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
          <LibraryButton
            icon={<IconPlaylistAdd size={16} />}
            loading={addAll.isPending}
            onClick={confirmAddAll}
          >
            Add all materials
          </LibraryButton>
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
