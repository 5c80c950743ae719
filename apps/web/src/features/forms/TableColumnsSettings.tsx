import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  TABLE_COLUMN_TYPE_LABELS,
  TABLE_COLUMN_TYPES,
  TABLE_COLUMNS_MAX,
} from '@fieldwork/contract';
import { IconTrash } from '@tabler/icons-react';
import { newBuilderId, newColumn, type BuilderColumn, type BuilderValues } from './builder-state';

const COLUMN_TYPES = TABLE_COLUMN_TYPES.map((type) => ({
  value: type,
  label: TABLE_COLUMN_TYPE_LABELS[type],
}));

/** A table field's columns: each a name, a type, whether it is required and a choice's options. */
export function TableColumnsSettings({
  form,
  path,
  columns,
}: {
  form: UseFormReturnType<BuilderValues>;
  path: string;
  columns: BuilderColumn[];
}) {
  const error = form.errors[`${path}.columns`];
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Columns
      </Text>
      {columns.map((column, c) => {
        const at = `${path}.columns.${c}`;
        return (
          <Paper key={column.id} withBorder p="xs" radius="sm">
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={`Column ${c + 1}`}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`${at}.name`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={`Remove column ${column.name || c + 1}`}
                  disabled={columns.length <= 1}
                  onClick={() => form.removeListItem(`${path}.columns`, c)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <Select
                label="Answered as"
                allowDeselect={false}
                data={COLUMN_TYPES}
                value={column.type}
                onChange={(type) =>
                  type &&
                  form.setFieldValue(at, {
                    ...newColumn(column.name, type),
                    id: column.id,
                    required: column.required,
                  })
                }
              />
              <Switch
                label="Required in every row"
                {...form.getInputProps(`${at}.required`, { type: 'checkbox' })}
              />
              {column.type === 'SELECT' && (
                <Stack gap={4}>
                  {column.options.map((option, o) => (
                    <Group key={option.id} gap="xs" wrap="nowrap">
                      <TextInput
                        aria-label={`Column ${c + 1} option ${o + 1}`}
                        style={{ flex: 1 }}
                        size="xs"
                        {...form.getInputProps(`${at}.options.${o}.name`)}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove option ${option.name}`}
                        disabled={column.options.length <= 1}
                        onClick={() => form.removeListItem(`${at}.options`, o)}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  ))}
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() =>
                      form.insertListItem(`${at}.options`, {
                        id: newBuilderId(),
                        name: `Option ${column.options.length + 1}`,
                      })
                    }
                  >
                    Add option
                  </Button>
                  {form.errors[`${at}.options`] && (
                    <Text size="xs" c="red" role="alert">
                      {form.errors[`${at}.options`]}
                    </Text>
                  )}
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Button
        variant="light"
        size="xs"
        disabled={columns.length >= TABLE_COLUMNS_MAX}
        onClick={() =>
          form.insertListItem(`${path}.columns`, newColumn(`Column ${columns.length + 1}`))
        }
      >
        Add column
      </Button>
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
