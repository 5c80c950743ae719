import { JOB_STATUSES } from '@fieldwork/contract';
import { Group, Select } from '@mantine/core';
import { SearchInput } from '../../ui/data-table/SearchInput';
import { useSearchBox } from '../../ui/data-table/use-list-controls';
import { DateRangeInputs } from '../../ui/inputs/DateRangeInputs';
import { ProjectFilterSelect } from '../projects';
import { NO_OPERATIVE } from './job-list-params';
import { statusLabel } from './job-status';
import type { JobListState } from './use-job-list-state';
import { useOperatives } from './use-operatives';

const STATUS_OPTIONS = JOB_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
}));

/** The references searched, status, project, operative and (on the list) the date range. */
export function JobFilters({
  list,
  showOperative,
}: {
  list: JobListState;
  showOperative: boolean;
}) {
  const operatives = useOperatives();
  const { params, update } = list;
  const half = { base: 'calc(50% - 6px)', xs: 180 };
  // ?search=…: sent once typing pauses, starting again at the first page
  const box = useSearchBox(params.search, (search) => update({ search }));

  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <SearchInput
        label="Search jobs: number or reference"
        value={box.search}
        onChange={box.setSearch}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={params.status}
        onChange={(status) =>
          update({ status: JOB_STATUSES.find((item) => item === status) ?? null })
        }
        clearable
        w={half}
      />
      <ProjectFilterSelect
        value={params.project}
        onChange={(project) => update({ project })}
        w={half}
      />
      {showOperative && (
        <Select
          label="Operative"
          placeholder={operatives.error ? 'Members could not load' : 'Anyone'}
          data={[{ value: NO_OPERATIVE, label: 'Unassigned' }, ...operatives.options]}
          value={params.operative}
          onChange={(operative) => update({ operative })}
          searchable
          clearable
          nothingFoundMessage="No operative matches"
          w={half}
        />
      )}
      {params.view === 'list' && (
        <DateRangeInputs
          from={params.from ?? ''}
          to={params.to ?? ''}
          onFromChange={(from) => update({ from: from || null })}
          onToChange={(to) => update({ to: to || null })}
          w={half}
        />
      )}
    </Group>
  );
}
