import { Select, type SelectProps } from '@mantine/core';
import { pickerData, useSelectOptions } from './project-options-api';

/**
 * The "Project" filter above a list: every project (archived ones marked, since a filter may
 * still name one), searchable, cleared back to "Any project".
 */
export function ProjectFilterSelect({
  value,
  onChange,
  ...props
}: {
  value: string | null;
  onChange: (projectId: string | null) => void;
} & Omit<SelectProps, 'data' | 'value' | 'onChange'>) {
  const projects = useSelectOptions('projects');
  return (
    <Select
      label="Project"
      placeholder={projects.isError ? 'Projects could not load' : 'Any project'}
      data={pickerData(projects.data, { archived: true })}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="No project matches"
      {...props}
    />
  );
}
