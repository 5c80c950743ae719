import { JOB_SHEET_STATUSES, type ApprovalStage } from '@fieldwork/contract';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { recordPath, resourceApi } from '../../api/resource';
import { resourceQueryKey } from '../../api/resource-hooks';
import { useSession } from '../../session/use-session';
import { SearchInput } from '../../ui/data-table/SearchInput';
import { useImmediate } from '../../ui/data-table/use-immediate';
import { DateRangeInputs } from '../../ui/inputs/DateRangeInputs';
import { ProjectFilterSelect, useMemberOptions } from '../projects';
import { STATUS_LABELS } from './sheet-display';
import type { JobSheetListState } from './use-job-sheet-list-state';

function useApprovalStages(projectId: string | null) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'approval_stages'), projectId],
    queryFn: () =>
      resourceApi<ApprovalStage, never>('approval_stages', {
        parent: recordPath('projects', projectId ?? ''),
      }).all(),
    enabled: projectId !== null,
    staleTime: 60_000,
  });
}

/**
 * The text searched (number, form, job reference, answers' words), then status, project, stage
 * (of the project chosen), operative, submitted between, duplicates.
 */
export function JobSheetFiltersBar({ list }: { list: JobSheetListState }) {
  const { filters, setFilter } = list;
  const [hasDuplicates, setHasDuplicates] = useImmediate(filters.has_duplicates, (checked) =>
    setFilter('has_duplicates', checked),
  );
  const operatives = useMemberOptions();
  const stages = useApprovalStages(filters.project_id);
  return (
    <Stack gap="sm">
      {/* In a row, so the box's flex basis is its width, not its height. */}
      <Group>
        <SearchInput
          label="Search sheets: number, form, reference or answers"
          value={list.search}
          onChange={list.setSearch}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={JOB_SHEET_STATUSES.map((status) => ({
            value: status,
            label: STATUS_LABELS[status],
          }))}
          value={filters.status}
          onChange={(value) => setFilter('status', value)}
        />
        <ProjectFilterSelect
          value={filters.project_id}
          onChange={(value) => setFilter('project_id', value)}
        />
        <Select
          label="Approval stage"
          placeholder={filters.project_id ? 'Any stage' : 'Choose a project first'}
          clearable
          disabled={!filters.project_id}
          data={(stages.data ?? []).map((stage) => ({ value: stage.id, label: stage.name }))}
          value={filters.current_approval_stage_id}
          onChange={(value) => setFilter('current_approval_stage_id', value)}
        />
        <Select
          label="Operative"
          placeholder="Anyone"
          clearable
          searchable
          data={operatives.data ?? []}
          value={filters.operative_id}
          onChange={(value) => setFilter('operative_id', value)}
        />
        <DateRangeInputs
          labels={{ from: 'Submitted from', to: 'Submitted to' }}
          from={filters.submitted_from}
          to={filters.submitted_to}
          onFromChange={(from) => setFilter('submitted_from', from)}
          onToChange={(to) => setFilter('submitted_to', to)}
        />
        <Group align="flex-end" pb={6}>
          <Checkbox
            label="Has duplicate photos"
            checked={hasDuplicates}
            onChange={(event) => setHasDuplicates(event.currentTarget.checked)}
          />
        </Group>
        <Group align="flex-end">
          {list.isFiltered && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} />}
              onClick={list.clearFilters}
            >
              Clear filters
            </Button>
          )}
        </Group>
      </SimpleGrid>
    </Stack>
  );
}
