import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  PASS_FAIL_ANSWERS,
  PASS_FAIL_LABELS,
  PASS_FAIL_SCORE_MAX,
  PDF_REPORT_VISIBILITIES,
} from '@fieldwork/contract';
import { IconTrash } from '@tabler/icons-react';
import {
  conditionalSources,
  moveField,
  newBuilderId,
  withType,
  type BuilderValues,
} from './builder-state';
import { TableColumnsSettings } from './TableColumnsSettings';

const TYPE_OPTIONS = FORM_FIELD_TYPES.map((type) => ({
  value: type,
  label: FORM_FIELD_TYPE_LABELS[type],
}));

/** Every setting of the selected field, for its type; the conditional picks an earlier field. */
export function FieldSettings({
  form,
  sectionIndex,
  fieldIndex,
}: {
  form: UseFormReturnType<BuilderValues>;
  sectionIndex: number;
  fieldIndex: number;
}) {
  const path = `sections.${sectionIndex}.fields.${fieldIndex}`;
  const values = form.getValues();
  const field = values.sections[sectionIndex]?.fields[fieldIndex];
  if (!field) return null;
  const choice = field.type === 'SELECT' || field.type === 'MULTI_SELECT';
  const media = field.type === 'SIGNATURE' || field.type === 'PHOTO';
  const instruction = field.type === 'INSTRUCTION';
  // Instruction text and tables are not one value to remember or to show as a column.
  const single = !media && !instruction && field.type !== 'TABLE';
  const sources = conditionalSources(values, field.id);
  const source = sources.find((candidate) => candidate.id === field.conditional?.field_id);
  const valueOptions =
    source?.type === 'BOOLEAN'
      ? [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]
      : source?.type === 'PASS_FAIL'
        ? PASS_FAIL_ANSWERS.map((answer) => ({ value: answer, label: PASS_FAIL_LABELS[answer] }))
        : (source?.options ?? [])
            .filter((option) => !option.archived)
            .map((option) => ({ value: option.id, label: option.name }));
  const check = (key: string, label: string) => (
    <Switch label={label} {...form.getInputProps(`${path}.${key}`, { type: 'checkbox' })} />
  );

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Field settings
      </Title>
      <TextInput
        label={instruction ? 'Heading' : 'Question'}
        {...form.getInputProps(`${path}.name`)}
      />
      <Select
        label="Type"
        data={TYPE_OPTIONS}
        allowDeselect={false}
        value={field.type}
        onChange={(type) => type && form.setFieldValue(path, withType(field, type))}
      />
      <Select
        label="Section"
        allowDeselect={false}
        data={values.sections.map((section) => ({
          value: section.id,
          label: section.name || 'Untitled section',
        }))}
        value={values.sections[sectionIndex]!.id}
        onChange={(sectionId) =>
          sectionId &&
          form.setFieldValue(
            'sections',
            moveField(values, field.id, sectionId, Number.MAX_SAFE_INTEGER),
          )
        }
      />
      <Textarea
        label={instruction ? 'Instruction text' : 'Help text'}
        description={
          instruction
            ? 'Shown to the operative; it takes no answer.'
            : 'Optional, shown under the question.'
        }
        autosize
        minRows={instruction ? 3 : 1}
        maxRows={8}
        value={field.description ?? ''}
        error={form.errors[`${path}.description`]}
        onChange={(event) =>
          form.setFieldValue(`${path}.description`, event.currentTarget.value || null)
        }
      />
      {field.type === 'TEXT' && check('large_text', 'Large text (several lines)')}
      {field.type === 'PASS_FAIL' && (
        <NumberInput
          label="Points for a pass"
          description="A fail scores none; N/A is left out of the total."
          min={0}
          max={PASS_FAIL_SCORE_MAX}
          allowDecimal={false}
          {...form.getInputProps(`${path}.score`)}
        />
      )}
      {field.type === 'TABLE' && (
        <TableColumnsSettings form={form} path={path} columns={field.columns} />
      )}
      {field.type === 'NUMBER' && (
        <NumberInput
          label="Decimal places"
          min={0}
          max={6}
          {...form.getInputProps(`${path}.precision`)}
        />
      )}
      {field.type === 'DATE' && (
        <>
          {check('capture_time', 'Capture the time too')}
          {check('default_to_now', 'Default to now')}
        </>
      )}
      {choice && (
        <Stack gap={6}>
          {field.options.map((option, index) =>
            option.archived ? null : (
              <Group key={option.id} gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={`Option ${index + 1}`}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`${path}.options.${index}.name`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove option ${option.name}`}
                  onClick={() => form.setFieldValue(`${path}.options.${index}.archived`, true)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ),
          )}
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              form.insertListItem(`${path}.options`, {
                id: newBuilderId(),
                name: `Option ${field.options.length + 1}`,
              })
            }
          >
            Add option
          </Button>
          {form.errors[`${path}.options`] && (
            <div role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 12 }}>
              {form.errors[`${path}.options`]}
            </div>
          )}
        </Stack>
      )}
      {!instruction &&
        check('required', field.type === 'TABLE' ? 'Required (at least one row)' : 'Required')}
      {single && check('remember', 'Remember the last answer')}
      {single && check('show_in_job_items_table', 'Show in the job items table')}
      {single &&
        field.show_in_job_items_table &&
        check('enable_filter_for_job_items_table', 'Filter on it in the job items table')}
      <Select
        label="On the PDF report"
        allowDeselect={false}
        data={PDF_REPORT_VISIBILITIES.map((value) => ({
          value,
          label: { NEVER: 'Never', ALWAYS: 'Always', WHEN_SET: 'When answered' }[value],
        }))}
        {...form.getInputProps(`${path}.pdf_report_visibility`)}
      />
      <Select
        label="Show only when"
        placeholder={
          sources.length ? 'Always shown' : 'No earlier choice, yes/no or pass / fail field'
        }
        clearable
        disabled={!sources.length}
        data={sources.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        value={field.conditional?.field_id ?? null}
        error={form.errors[`${path}.conditional`]}
        onChange={(sourceId) => {
          const picked = sources.find((candidate) => candidate.id === sourceId);
          const firstOption = picked?.options.find((option) => !option.archived)?.id;
          form.setFieldValue(
            `${path}.conditional`,
            picked
              ? {
                  field_id: picked.id,
                  value:
                    picked.type === 'BOOLEAN'
                      ? true
                      : picked.type === 'PASS_FAIL'
                        ? 'FAIL'
                        : (firstOption ?? ''),
                }
              : null,
          );
        }}
      />
      {field.conditional && (
        <Select
          label="has the answer"
          allowDeselect={false}
          data={valueOptions}
          value={String(field.conditional.value)}
          onChange={(value) =>
            value !== null &&
            form.setFieldValue(
              `${path}.conditional.value`,
              source?.type === 'BOOLEAN' ? value === 'true' : value,
            )
          }
        />
      )}
    </Stack>
  );
}
