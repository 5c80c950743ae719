import type { JobSheet, JobSheetMaterial } from '@fieldwork/contract';
import { ActionIcon, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { QueryErrorState } from '../../ui/feedback/ErrorState';
import { confirmDestructive } from '../../ui/feedback/confirm-deletion';
import { notifyFailure, notifySuccess } from '../../ui/feedback/notify';
import { RecordFormModal, useEditTarget } from '../../ui/forms/RecordFormModal';
import { useMoney } from '../materials';
import { MaterialForm } from './MaterialForm';
import { materialSummary } from './material-measures';
import { useSheetMaterialChange, useSheetMaterials } from './sheet-materials-api';

const EDITABLE = new Set(['IN_PROGRESS', 'REJECTED']);

/**
 * The materials used on a sheet (field-work §3 Job sheet material): listed for whoever sees the
 * sheet; added while the sheet may be changed (its `permissions.update`), each edited or removed
 * as its own `permissions` allow.
 */
export function SheetMaterials({ sheet }: { sheet: JobSheet }) {
  const materials = useSheetMaterials(sheet.id);
  const money = useMoney();
  const remove = useSheetMaterialChange(sheet.id);
  const editor = useEditTarget<JobSheetMaterial>();
  const canAdd = EDITABLE.has(sheet.status) && sheet.permissions?.update === true;

  const confirmRemove = (material: JobSheetMaterial) =>
    confirmDestructive({
      title: 'Remove material',
      message: `Remove ${material.material_name} from sheet ${sheet.number}?`,
      confirmLabel: 'Remove',
      onConfirm: () =>
        remove.mutate(
          { kind: 'delete', id: material.id },
          {
            onSuccess: () => notifySuccess('Material removed'),
            onError: (error) => notifyFailure('Could not remove the material', error),
          },
        ),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sheet-materials">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5" id="sheet-materials">
          Materials
        </Title>
        {canAdd && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={editor.openCreate}
          >
            Add material
          </Button>
        )}
      </Group>
      {materials.isError ? (
        <QueryErrorState title="Could not load the materials" query={materials} />
      ) : !materials.data ? (
        <Loader size="sm" role="status" aria-label="Loading the materials" />
      ) : materials.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No materials recorded{canAdd ? ' yet' : ''}.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {materials.data.map((material) => (
            <Group
              key={material.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py={6}
              data-testid="sheet-material"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate>
                  {material.material_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {materialSummary(material) || 'No measures'}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                {(material.material_id !== null || material.price !== null) && (
                  <Text
                    size="sm"
                    fw={500}
                    c={material.price === null ? 'dimmed' : undefined}
                    title={
                      material.rates
                        .map((rate) => `${rate.material_rate_group_name}: ${money(rate.price)}`)
                        .join('\n') || undefined
                    }
                    data-testid="sheet-material-price"
                  >
                    {material.price === null ? 'Not priced' : money(material.price)}
                  </Text>
                )}
                {material.permissions?.update && EDITABLE.has(sheet.status) && (
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${material.material_name}`}
                    onClick={() => editor.openEdit(material)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                )}
                {material.permissions?.delete && EDITABLE.has(sheet.status) && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${material.material_name}`}
                    onClick={() => confirmRemove(material)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <RecordFormModal target={editor.target} onClose={editor.close} noun="material">
        {(material) => (
          <MaterialForm
            sheetId={sheet.id}
            projectId={sheet.project_id}
            material={material}
            onDone={editor.close}
          />
        )}
      </RecordFormModal>
    </Paper>
  );
}
