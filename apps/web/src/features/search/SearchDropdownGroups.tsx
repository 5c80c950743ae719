import { Badge, Combobox, Group, Stack, Text } from '@mantine/core';
import type { SearchGroup } from './search-results';

/** The dropdown's groups: each hit an option (name, second line), an empty group says so. */
export function SearchDropdownGroups({ groups }: { groups: SearchGroup[] }) {
  return groups.map((group) => (
    <Combobox.Group key={group.key} label={group.label}>
      {group.hits.length === 0 ? (
        <Text size="xs" c="dimmed" px="sm" py={4}>
          No {group.label.toLowerCase()} match
        </Text>
      ) : (
        group.hits.map((hit) => (
          <Combobox.Option key={hit.key} value={hit.key}>
            <Stack gap={0}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500} truncate>
                  {hit.label}
                </Text>
                {hit.archived && (
                  <Badge size="xs" variant="light" color="gray">
                    Archived
                  </Badge>
                )}
              </Group>
              {hit.description && (
                // The option's own colour: readable on the selected option's fill too (4.5:1).
                <Text size="xs" c="inherit" truncate>
                  {hit.description}
                </Text>
              )}
            </Stack>
          </Combobox.Option>
        ))
      )}
    </Combobox.Group>
  ));
}
