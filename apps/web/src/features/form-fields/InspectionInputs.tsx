import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PASS_FAIL_ANSWERS,
  PASS_FAIL_LABELS,
  TABLE_CELL_TEXT_MAX,
  TABLE_ROWS_MAX,
  type PassFailAnswer,
} from '@fieldwork/contract';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  isBlankCell,
  scoreOf,
  type FieldAnswers,
  type RenderableColumn,
  type RenderableField,
  type RenderableSection,
  type TableRowAnswer,
} from './field-logic';

/**
 * The inspection field types as an operative answers them (docs/form-field-types.md): instruction
 * text, a pass / fail / N/A answer and a table of rows. Each row of a table is a card of its
 * columns, so a 390 px phone never scrolls sideways.
 */

interface Common {
  label: string;
  required: boolean;
  error: string | undefined;
  disabled: boolean | undefined;
  'data-testid': string;
}

/** The label, error and help text around an answer made of several controls. */
const wrapperProps = (common: Common, description: string | undefined) => ({
  label: common.label,
  required: common.required,
  error: common.error,
  description,
  'data-testid': common['data-testid'],
});

export function InstructionText({ field }: { field: RenderableField }) {
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={18} />}
      title={field.name || 'Instructions'}
      data-testid={`field-${field.id}`}
    >
      {field.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {field.description}
        </Text>
      ) : null}
    </Alert>
  );
}

// Dark shades with white text: each chosen button keeps 4.5:1 contrast (axe).
const PASS_FAIL_COLORS: Record<PassFailAnswer, string> = {
  PASS: 'teal.9',
  FAIL: 'red.9',
  N_A: 'gray.7',
};

export function PassFailInput({
  common,
  description,
  value,
  onChange,
}: {
  common: Common;
  description: string | undefined;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  return (
    <Input.Wrapper {...wrapperProps(common, description)}>
      <SimpleGrid cols={3} spacing="xs" mt={6} role="radiogroup" aria-label={common.label}>
        {PASS_FAIL_ANSWERS.map((answer) => {
          const chosen = value === answer;
          return (
            <Button
              key={answer}
              role="radio"
              aria-checked={chosen}
              variant={chosen ? 'filled' : 'default'}
              color={PASS_FAIL_COLORS[answer]}
              autoContrast={false}
              disabled={common.disabled}
              onClick={() => onChange(chosen ? null : answer)}
            >
              {PASS_FAIL_LABELS[answer]}
            </Button>
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

function CellInput({
  column,
  value,
  onChange,
  disabled,
  label,
}: {
  column: RenderableColumn;
  value: TableRowAnswer[string] | undefined;
  onChange: (value: TableRowAnswer[string]) => void;
  disabled: boolean | undefined;
  label: string;
}) {
  const props = { label, required: column.required ?? false, disabled };
  const text = typeof value === 'string' ? value : '';
  switch (column.type) {
    case 'TEXT':
      return (
        <TextInput
          {...props}
          maxLength={TABLE_CELL_TEXT_MAX}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'NUMBER':
      return (
        <NumberInput
          {...props}
          inputMode="decimal"
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
        />
      );
    case 'DATE':
    case 'TIME':
      return (
        <TextInput
          {...props}
          type={column.type === 'DATE' ? 'date' : 'time'}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'BOOLEAN':
      return (
        <Switch
          label={label}
          disabled={disabled}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'SELECT':
      return (
        <Select
          {...props}
          clearable
          data={(column.options ?? []).map((option, index) => ({
            value: option.id ?? `option-${index}`,
            label: option.name || `Option ${index + 1}`,
          }))}
          value={text || null}
          onChange={(next) => onChange(next)}
        />
      );
  }
}

export function TableInput({
  common,
  field,
  description,
  value,
  onChange,
}: {
  common: Common;
  field: RenderableField;
  description: string | undefined;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const rows = Array.isArray(value) ? (value as TableRowAnswer[]) : [];
  const columns = (field.columns ?? []).map((column, index) => ({
    ...column,
    key: column.id ?? `column-${index}`,
  }));
  const setRows = (next: TableRowAnswer[]) => onChange(next.length ? next : null);
  const setCell = (index: number, key: string, cell: TableRowAnswer[string]) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, [key]: cell } : row)));
  const blankRow = () =>
    Object.fromEntries(columns.map((column) => [column.key, null])) as TableRowAnswer;
  return (
    <Input.Wrapper {...wrapperProps(common, description)}>
      <Stack gap="xs" mt={6}>
        {rows.map((row, index) => (
          <Paper key={index} withBorder p="sm" radius="md" data-testid={`row-${index + 1}`}>
            <Group justify="space-between" mb={4} wrap="nowrap">
              <Text size="sm" fw={600}>
                Row {index + 1}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove row ${index + 1}`}
                disabled={common.disabled}
                onClick={() => setRows(rows.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Stack gap={6}>
              {columns.map((column) => (
                <CellInput
                  key={column.key}
                  column={column}
                  label={column.name || 'Untitled column'}
                  value={row[column.key]}
                  disabled={common.disabled}
                  onChange={(cell) => setCell(index, column.key, isBlankCell(cell) ? null : cell)}
                />
              ))}
            </Stack>
          </Paper>
        ))}
        {!rows.length && (
          <Text size="sm" c="dimmed">
            No rows yet.
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={common.disabled || rows.length >= TABLE_ROWS_MAX || !columns.length}
          onClick={() => setRows([...rows, blankRow()])}
          style={{ alignSelf: 'flex-start' }}
        >
          Add row
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}

/** The pass / fail / N/A total as the answers stand (nothing when the form has no such field). */
export function ScoreSoFar({
  sections,
  answers,
}: {
  sections: RenderableSection[];
  answers: FieldAnswers;
}) {
  const score = scoreOf(sections, answers);
  if (!score) return null;
  const percent = score.max ? Math.round((score.points / score.max) * 100) : null;
  return (
    <Text size="sm" c="dimmed" data-testid="score-so-far" aria-live="polite">
      Score so far: {score.points} of {score.max} point{score.max === 1 ? '' : 's'}
      {percent === null ? '' : ` (${percent}%)`} · {score.passed} passed, {score.failed} failed
      {score.notApplicable ? `, ${score.notApplicable} N/A` : ''}
    </Text>
  );
}
