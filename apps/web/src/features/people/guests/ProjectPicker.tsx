import { Alert, MultiSelect, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../api/errors';
import { useProjectOptions } from './project-options';

export interface ProjectPickerProps {
  label: string;
  description?: string;
  value: string[];
  onChange: (projectIds: string[]) => void;
  error?: string;
  /** Projects to leave out (e.g. those a guest already has). */
  exclude?: readonly string[];
  /** Whether at least one project must be chosen (changes what an empty list says). */
  required?: boolean;
}

/** Picks projects of the organisation; says so plainly when projects cannot be listed. */
export function ProjectPicker({
  label,
  description,
  value,
  onChange,
  error,
  exclude = [],
  required = false,
}: ProjectPickerProps) {
  const options = useProjectOptions();
  if (options.data && !options.data.available) {
    return (
      <Stack gap={4}>
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} title={label}>
          {required
            ? 'Projects cannot be listed here yet, and guests are invited into projects. Invite guests once projects can be chosen.'
            : 'Projects cannot be listed here yet, so none can be chosen. You can add projects later.'}
        </Alert>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    );
  }
  const projects = (options.data?.projects ?? []).filter(
    (project) => !exclude.includes(project.id),
  );
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={options.isPending ? 'Loading projects…' : 'Choose projects'}
      data={projects.map((project) => ({ value: project.id, label: project.name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={projects.length === 0 ? 'No projects yet' : 'No project matches'}
      error={error ?? (options.isError ? errorMessage(options.error) : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
