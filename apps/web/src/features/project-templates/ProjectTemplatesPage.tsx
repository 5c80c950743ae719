import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilterOff, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { ArchivableListFilters } from '../../ui/data-table/ArchivableListFilters';
import { RecordListView } from '../../ui/data-table/RecordListView';
import { useArchivableListState } from '../../ui/data-table/use-archivable-list-state';
import { CreateTemplateModal } from './CreateTemplateModal';
import {
  templateCount,
  useBulkProjectTemplateAction,
  useProjectTemplateList,
} from './project-templates-api';
import { ProjectTemplatesTable } from './ProjectTemplatesTable';
import type { TemplateSortColumn } from './ProjectTemplatesTable';

/** Library › Project templates: set-ups new projects start from. */
export function ProjectTemplatesPage() {
  const list = useArchivableListState<TemplateSortColumn>('name');
  const templates = useProjectTemplateList(list.query);
  // What the caller may do comes with the list (meta.permissions).
  const may = templates.data?.meta.permissions ?? {};
  const canEdit = may.update === true;
  const bulk = useBulkProjectTemplateAction();
  const [creating, setCreating] = useState(false);
  const newButton = may.create === true && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New template
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Project templates
          </Title>
          <Text size="sm" c="dimmed">
            Statuses, attributes, approvals, folders, materials and forms that new projects start
            with.
          </Text>
        </Stack>
        {newButton}
      </Group>
      <ArchivableListFilters plural="templates" list={list} />
      <RecordListView
        list={list}
        result={templates}
        plural="templates"
        bulk={
          canEdit
            ? {
                mutation: bulk,
                countLabel: templateCount,
                showArchived: list.showArchived,
                canForce: false,
              }
            : undefined
        }
        empty={
          <Paper withBorder radius="md" py={48} px="md">
            {list.isFiltered ? (
              <EmptyState
                icon={<IconFilterOff size={32} />}
                variant="light"
                color="gray"
                title="No templates match your filters"
                description="Try another search, or clear the filters to see every template."
              >
                <EmptyState.Actions>
                  <Button variant="default" onClick={list.clearFilters}>
                    Clear filters
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            ) : (
              <EmptyState
                icon={<IconTemplate size={32} />}
                variant="light"
                title="No project templates yet"
                description="Set up a template once (from scratch, the library or a project you ran) and start new projects from it."
              >
                {newButton && <EmptyState.Actions>{newButton}</EmptyState.Actions>}
              </EmptyState>
            )}
          </Paper>
        }
      >
        {(rows, selection) => (
          <ProjectTemplatesTable
            templates={rows}
            sort={list.sort}
            onSort={list.sortBy}
            selection={selection}
            canEdit={canEdit}
          />
        )}
      </RecordListView>
      <CreateTemplateModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
