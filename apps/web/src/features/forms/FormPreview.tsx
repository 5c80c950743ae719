import {
  Box,
  Checkbox,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  NumberInput,
  Title,
  Group,
  Switch,
} from '@mantine/core';
import { isFieldShown } from '@fieldwork/contract';
import { IconCamera, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import type { BuilderField, BuilderValues } from './builder-state';

const WIDTHS = { desktop: 720, phone: 360 } as const;

/**
 * The form as an operative will fill it in, on a desktop or a phone: answers can be tried here,
 * and a conditional field appears as soon as its condition holds.
 */
export function FormPreview({ values }: { values: BuilderValues }) {
  const [device, setDevice] = useState<keyof typeof WIDTHS>('desktop');
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const fields = values.sections.flatMap((section) => section.fields);
  const byId = new Map(fields.map((field) => [field.id, field]));
  const answer = (id: string, value: unknown) =>
    setAnswers((current) => ({ ...current, [id]: value }));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Preview
        </Title>
        <SegmentedControl
          size="xs"
          value={device}
          onChange={(value) => setDevice(value)}
          data={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'phone', label: 'Phone' },
          ]}
        />
      </Group>
      <Paper
        withBorder
        radius={device === 'phone' ? 24 : 'md'}
        p="md"
        maw={WIDTHS[device]}
        w="100%"
        mx="auto"
        data-testid="form-preview"
        data-device={device}
      >
        <Stack gap="md">
          <Title order={4}>{values.name}</Title>
          {values.sections.map((section) => (
            <Stack key={section.id} gap="sm">
              <Text fw={600} size="sm" tt="uppercase" c="dimmed">
                {section.name}
              </Text>
              {section.fields
                .filter((field) => isFieldShown(field, byId, answers))
                .map((field) => (
                  <PreviewField
                    key={field.id}
                    field={field}
                    value={answers[field.id]}
                    onChange={(value) => answer(field.id, value)}
                  />
                ))}
            </Stack>
          ))}
          {values.operative_declaration_required && (
            <Checkbox label={values.operative_declaration_text ?? 'I confirm this job sheet.'} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function PreviewField({
  field,
  value,
  onChange,
}: {
  field: BuilderField;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const label = field.name || 'Untitled question';
  const common = { label, required: field.required, 'data-testid': `preview-${field.id}` };
  const options = field.options.filter((option) => !option.archived);
  switch (field.type) {
    case 'TEXT':
      return field.large_text ? (
        <Textarea {...common} autosize minRows={3} />
      ) : (
        <TextInput {...common} />
      );
    case 'NUMBER':
      return <NumberInput {...common} decimalScale={field.precision ?? 0} />;
    case 'DATE':
      return <TextInput {...common} type={field.capture_time ? 'datetime-local' : 'date'} />;
    case 'SELECT':
      return (
        <Radio.Group {...common} value={(value as string) ?? null} onChange={onChange}>
          <Stack gap={4} mt={4}>
            {options.map((option) => (
              <Radio key={option.id} value={option.id} label={option.name} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'MULTI_SELECT':
      return (
        <Checkbox.Group {...common} value={(value as string[]) ?? []} onChange={onChange}>
          <Stack gap={4} mt={4}>
            {options.map((option) => (
              <Checkbox key={option.id} value={option.id} label={option.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'BOOLEAN':
      return (
        <Switch
          label={label}
          data-testid={common['data-testid']}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'SIGNATURE':
    case 'PHOTO':
      return (
        <Box>
          <Text size="sm" fw={500}>
            {label}
            {field.required && <span style={{ color: 'var(--mantine-color-error)' }}> *</span>}
          </Text>
          <Paper
            withBorder
            radius="sm"
            h={field.type === 'SIGNATURE' ? 96 : 72}
            data-testid={common['data-testid']}
            style={{ borderStyle: 'dashed', display: 'grid', placeItems: 'center' }}
          >
            <Group gap={6} c="dimmed">
              {field.type === 'SIGNATURE' ? <IconSignature size={18} /> : <IconCamera size={18} />}
              <Text size="sm">{field.type === 'SIGNATURE' ? 'Sign here' : 'Add photos'}</Text>
            </Group>
          </Paper>
        </Box>
      );
  }
}
