import { Checkbox, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { isFieldShown } from '@fieldwork/contract';
import { useState } from 'react';
import {
  FieldInput,
  PhotoField,
  ScoreSoFar,
  type RenderableField,
  usePhotoQueue,
} from '../form-fields';
import type { BuilderValues } from './builder-state';

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
      {/* A form of its own (never the builder's): its required fields are tried here, not on save. */}
      <Paper
        component="form"
        aria-label="Preview"
        onSubmit={(event) => event.preventDefault()}
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
          <ScoreSoFar sections={values.sections} answers={answers} />
          {values.sections.map((section) => (
            <Stack key={section.id} gap="sm">
              <Text fw={600} size="sm" tt="uppercase" c="dimmed">
                {section.name}
              </Text>
              {section.fields
                .filter((field) => isFieldShown(field, byId, answers))
                .map((field) => (
                  <FieldInput
                    key={field.id}
                    field={field}
                    value={answers[field.id]}
                    onChange={(value) => answer(field.id, value)}
                    signerName="Preview"
                    renderPhotos={(photoField, error) => (
                      <PreviewPhotos field={photoField} error={error} />
                    )}
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

/** A photo field of the preview: photos show locally and are never uploaded. */
function PreviewPhotos({ field, error }: { field: RenderableField; error: string | undefined }) {
  const queue = usePhotoQueue(undefined);
  return (
    <PhotoField
      label={field.name || 'Untitled question'}
      required={field.required}
      error={error}
      items={queue.items}
      onAdd={queue.add}
      onRetry={queue.retry}
      onRemove={(item) => queue.remove(item.key)}
      testId={`field-${field.id}`}
    />
  );
}
