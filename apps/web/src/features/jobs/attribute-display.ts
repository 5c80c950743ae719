import type { Job } from '@fieldwork/contract';

type AttributeValue = Job['attribute_values'][number];

/** What the detail needs of a project's job attribute: its options (id and label). */
export interface AttributeOptions {
  id: string;
  options: ReadonlyArray<{ id: string; name: string }>;
}

/**
 * A job's attribute value as text. A choice is stored as its option's id (or the name a CSV
 * gave): it shows the option's label, found by id, else the stored value itself.
 */
export function attributeText(
  value: Pick<
    AttributeValue,
    | 'attribute_id'
    | 'value_string'
    | 'value_number'
    | 'value_boolean'
    | 'value_date'
    | 'value_option'
    | 'value_options'
  >,
  definitions: readonly AttributeOptions[] = [],
): string | null {
  const options = definitions.find((item) => item.id === value.attribute_id)?.options ?? [];
  const label = (stored: string) => options.find((option) => option.id === stored)?.name ?? stored;
  if (value.value_string) return value.value_string;
  if (value.value_number !== null) return String(value.value_number);
  if (value.value_boolean !== null) return value.value_boolean ? 'Yes' : 'No';
  if (value.value_date) return value.value_date.slice(0, 10);
  if (value.value_option) return label(value.value_option);
  if (value.value_options?.length) return value.value_options.map(label).join(', ');
  return null;
}
