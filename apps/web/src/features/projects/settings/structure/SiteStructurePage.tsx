import { Button, Group, Select, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBuilding, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CsvImportButton } from '../../../../ui/csv-import/CsvImportButton';
import { QueryErrorState } from '../../../../ui/feedback/ErrorState';
import { ListEmptyState } from '../../../../ui/feedback/ListEmptyState';
import { LoadingRows } from '../LoadingRows';
import { useCanEditSettings } from '../permissions';
import { BlockCard } from './BlockCard';
import { DeletedStructure } from './DeletedStructure';
import { LevelBulkBar } from './LevelBulkBar';
import { MoveLevelModal } from './MoveLevelModal';
import { NameModal } from './NameModal';
import { SortableCards } from './SortableCards';
import {
  levelCount,
  useInvalidateStructure,
  useProjectBlocks,
  useProjectSite,
} from './structure-api';
import { StructureSiteCard } from './StructureSiteCard';
import { blocksOn, shownSiteId, stillSelected, structureSites } from './structure-view';
import { useStructureActions } from './use-structure-actions';

/**
 * Settings › Site structure (projects only): the project's site, its blocks in order and each
 * block's levels, edited in place, reordered by drag and drop or keyboard, imported from CSV,
 * and restored after deletion.
 */
export function SiteStructurePage({ projectId }: { projectId: string }) {
  const canEdit = useCanEditSettings();
  const [showDeleted, setShowDeleted] = useState(false);
  const [chosenSite, setChosenSite] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const site = useProjectSite(projectId);
  const blocks = useProjectBlocks(projectId);
  const deleted = useProjectBlocks(projectId, { deleted: true, enabled: showDeleted });
  const invalidate = useInvalidateStructure(projectId);

  const sites = structureSites(site.data ?? null, [
    ...(blocks.data ?? []),
    ...(deleted.data ?? []),
  ]);
  const siteId = shownSiteId(sites, chosenSite);
  const siteName = sites.find((item) => item.id === siteId)?.name;
  const shown = blocksOn(blocks.data ?? [], siteId);
  const structure = useStructureActions(projectId, siteId);
  const levels = shown.flatMap((block) =>
    block.levels.map((level) => ({ id: level.id, name: `${level.name} of ${block.name}` })),
  );
  const selectedIds = stillSelected(
    selected,
    levels.map((level) => level.id),
  );
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const addButton = canEdit && siteId && (
    <Button leftSection={<IconPlus size={16} />} onClick={structure.addBlock}>
      Add block
    </Button>
  );

  return (
    <Stack gap="md">
      <StructureSiteCard projectId={projectId} canEdit={canEdit} />
      {site.isSuccess && siteId && (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={2} style={{ flex: '1 1 280px' }}>
              <Title order={2} size="h4">
                Blocks and levels
              </Title>
              <Text size="sm" c="dimmed">
                The buildings or zones of {siteName ?? 'the site'} and the levels of each, in order.
                {canEdit ? ' Drag to reorder.' : ''}
              </Text>
            </Stack>
            {canEdit && (
              <Group gap="xs">
                <CsvImportButton
                  label="Import from CSV"
                  kind="site_csv"
                  title={`Import blocks and levels${siteName ? ` into ${siteName}` : ''}`}
                  noun={levelCount}
                  fields={{ project_id: projectId, site_id: siteId }}
                  onImported={() => void invalidate()}
                />
                {shown.length > 0 && addButton}
              </Group>
            )}
          </Group>
          <Group justify="space-between" gap="sm">
            <Switch
              label="Show deleted"
              checked={showDeleted}
              onChange={(event) => setShowDeleted(event.currentTarget.checked)}
            />
            {sites.length > 1 && (
              <Select
                aria-label="Site shown"
                data={sites.map((item) => ({ value: item.id, label: item.name }))}
                value={siteId}
                onChange={(value) => {
                  setChosenSite(value);
                  setSelected(new Set());
                }}
                allowDeselect={false}
                w={240}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </Group>
          {selectedIds.length > 0 && (
            <LevelBulkBar
              projectId={projectId}
              ids={selectedIds}
              nameOf={(id) => levels.find((level) => level.id === id)?.name}
              onDone={() => setSelected(new Set())}
            />
          )}
          {blocks.isPending ? (
            <LoadingRows />
          ) : blocks.isError ? (
            <QueryErrorState title="The blocks could not be loaded" query={blocks} />
          ) : shown.length === 0 ? (
            <ListEmptyState
              icon={<IconBuilding size={32} />}
              title="No blocks yet"
              description={
                canEdit
                  ? 'Add the buildings or zones of this site and their levels, or import them from a CSV file with a Block and a Level column.'
                  : 'No blocks or levels have been set up on this site.'
              }
              action={addButton}
            />
          ) : (
            <SortableCards
              items={shown}
              nameOf={(block) => block.name}
              onReorder={structure.reorderBlocks}
              disabled={!canEdit || shown.length < 2}
            >
              {(block, handle) => (
                <BlockCard
                  block={block}
                  handle={handle}
                  canEdit={canEdit}
                  canMove={(blocks.data?.length ?? 0) > 1}
                  selected={selected}
                  onToggleLevel={toggle}
                  actions={structure.actions}
                />
              )}
            </SortableCards>
          )}
          {showDeleted &&
            (deleted.isError ? (
              <QueryErrorState title="Deleted blocks could not be loaded" query={deleted} />
            ) : deleted.isPending ? (
              <Skeleton height={60} radius="md" />
            ) : (
              <DeletedStructure
                projectId={projectId}
                liveBlocks={shown}
                deletedBlocks={blocksOn(deleted.data, siteId)}
                canEdit={canEdit}
              />
            ))}
        </>
      )}
      <NameModal target={structure.nameTarget} onClose={structure.closeName} />
      <MoveLevelModal
        projectId={projectId}
        level={structure.moving}
        blocks={blocks.data ?? []}
        onClose={structure.closeMove}
      />
    </Stack>
  );
}
