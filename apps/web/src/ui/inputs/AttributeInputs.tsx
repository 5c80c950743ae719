import {
  Divider,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { AttributeDefinition, AttributeDraft, AttributeDrafts } from './attribute-drafts';

const liveOptions = (attribute: AttributeDefinition) =>
  attribute.options
    .filter((option) => option.archived_at === null)
    .map((option) => ({ value: option.id, label: option.name }));

/**
 * One input per attribute of the project (job, specification …), by its type; a 422 shows beside
 * its input.
 */
export function AttributeInputs({
  title,
  attributes,
  drafts,
  errors,
  onChange,
}: {
  /** The section's heading ("Job attributes"); nothing at all shows without attributes. */
  title: string;
  attributes: readonly AttributeDefinition[];
  drafts: AttributeDrafts;
  errors: Record<string, string>;
  onChange: (attributeId: string, draft: AttributeDraft) => void;
}) {
  if (!attributes.length) return null;
  return (
    <Stack gap="sm">
      <Divider label={title} labelPosition="left" />
      {attributes.map((attribute) => {
        const draft = drafts[attribute.id] ?? null;
        const common = { label: attribute.name, error: errors[attribute.id] };
        const set = (value: AttributeDraft) => onChange(attribute.id, value);
        switch (attribute.type) {
          case 'NUMBER':
            return (
              <NumberInput
                key={attribute.id}
                {...common}
                decimalScale={attribute.precision ?? undefined}
                value={typeof draft === 'number' ? draft : ''}
                onChange={(value) => set(typeof value === 'number' ? value : null)}
              />
            );
          case 'BOOLEAN':
            return (
              <Switch
                key={attribute.id}
                {...common}
                checked={draft === true}
                onChange={(event) => set(event.currentTarget.checked)}
              />
            );
          case 'DATE':
            return (
              <TextInput
                key={attribute.id}
                {...common}
                type="date"
                value={typeof draft === 'string' ? draft : ''}
                onChange={(event) => set(event.currentTarget.value || null)}
              />
            );
          case 'SELECT':
            return (
              <Select
                key={attribute.id}
                {...common}
                data={liveOptions(attribute)}
                value={typeof draft === 'string' ? draft : null}
                onChange={set}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
            );
          case 'MULTI_SELECT':
            return (
              <MultiSelect
                key={attribute.id}
                {...common}
                data={liveOptions(attribute)}
                value={Array.isArray(draft) ? draft : []}
                onChange={set}
                comboboxProps={{ withinPortal: true }}
              />
            );
          case 'TEXT':
            return attribute.large_text ? (
              <Textarea
                key={attribute.id}
                {...common}
                autosize
                minRows={2}
                value={typeof draft === 'string' ? draft : ''}
                onChange={(event) => set(event.currentTarget.value)}
              />
            ) : (
              <TextInput
                key={attribute.id}
                {...common}
                value={typeof draft === 'string' ? draft : ''}
                onChange={(event) => set(event.currentTarget.value)}
              />
            );
        }
      })}
    </Stack>
  );
}
