import type {
  JobAttribute,
  attributeValueInputSchema,
  attributeValueSchema,
} from '@fieldwork/contract';
import type { z } from 'zod';

/**
 * An attribute of a project (job, location or specification attributes share these fields):
 * what its input needs to know.
 */
export type AttributeDefinition = Pick<
  JobAttribute,
  'id' | 'name' | 'type' | 'large_text' | 'precision' | 'options'
>;
/** A stored value of a record's attribute, as the API answers it. */
type StoredAttributeValue = z.infer<typeof attributeValueSchema>;

/** What a form holds for one attribute while it is edited (null: no value). */
export type AttributeDraft = string | number | boolean | string[] | null;
export type AttributeDrafts = Record<string, AttributeDraft>;
type AttributeValueInput = z.input<typeof attributeValueInputSchema>;

/** A stored choice names an option by id or by name: the option's id, or the stored text. */
function optionId(attribute: AttributeDefinition, stored: string): string {
  return (
    attribute.options.find((option) => option.id === stored || option.name === stored)?.id ?? stored
  );
}

/** The drafts of a record's stored values, for the attributes the project has now. */
export function draftsOf(
  attributes: readonly AttributeDefinition[],
  values: readonly StoredAttributeValue[],
): AttributeDrafts {
  const drafts: AttributeDrafts = {};
  for (const attribute of attributes) {
    const value = values.find((item) => item.attribute_id === attribute.id);
    if (!value) continue;
    switch (attribute.type) {
      case 'NUMBER':
        drafts[attribute.id] = value.value_number;
        break;
      case 'BOOLEAN':
        drafts[attribute.id] = value.value_boolean;
        break;
      case 'DATE':
        drafts[attribute.id] = value.value_date?.slice(0, 10) ?? null;
        break;
      case 'SELECT':
        drafts[attribute.id] = value.value_option ? optionId(attribute, value.value_option) : null;
        break;
      case 'MULTI_SELECT':
        drafts[attribute.id] = (value.value_options ?? []).map((stored) =>
          optionId(attribute, stored),
        );
        break;
      case 'TEXT':
        drafts[attribute.id] = value.value_string;
    }
  }
  return drafts;
}

const isEmpty = (draft: AttributeDraft | undefined) =>
  draft === null ||
  draft === undefined ||
  draft === '' ||
  (Array.isArray(draft) && draft.length === 0);

/**
 * The body's attribute_values: one entry per attribute with a value, in the value_* its type
 * takes. Answers the entries and, for each entry's index, its attribute (the server's errors
 * name `attribute_values.{index}.…`).
 */
export function attributeValuesInput(
  attributes: readonly AttributeDefinition[],
  drafts: AttributeDrafts,
) {
  const values: AttributeValueInput[] = [];
  const attributeAt: string[] = [];
  for (const attribute of attributes) {
    const draft = drafts[attribute.id];
    if (isEmpty(draft)) continue;
    const entry: AttributeValueInput = { attribute_id: attribute.id };
    if (attribute.type === 'NUMBER') entry.value_number = Number(draft);
    else if (attribute.type === 'BOOLEAN') entry.value_boolean = draft === true;
    else if (attribute.type === 'DATE') entry.value_date = String(draft);
    else if (attribute.type === 'SELECT') entry.value_option = String(draft);
    else if (attribute.type === 'MULTI_SELECT')
      entry.value_options = Array.isArray(draft) ? draft : [String(draft)];
    else entry.value_string = String(draft);
    values.push(entry);
    attributeAt.push(attribute.id);
  }
  return { values, attributeAt };
}

/**
 * Splits a 422's errors: those naming `attribute_values.{index}…` become messages by attribute
 * id (shown beside that attribute's input); the rest stay for the form.
 */
export function splitAttributeErrors<Item extends { field: string; message: string }>(
  errors: readonly Item[],
  attributeAt: readonly string[],
) {
  const byAttribute: Record<string, string> = {};
  const rest: Item[] = [];
  for (const item of errors) {
    const match = /^attribute_values\.(\d+)(\.|$)/.exec(item.field);
    const attributeId = match ? attributeAt[Number(match[1])] : undefined;
    if (attributeId) byAttribute[attributeId] ??= item.message;
    else rest.push(item);
  }
  return { byAttribute, rest };
}
