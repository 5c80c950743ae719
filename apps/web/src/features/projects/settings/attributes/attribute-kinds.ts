import type { AttributeType } from '@fieldwork/contract';
import type { AnyAttribute, AttributeList } from '../config-lists';

/** How each attribute list is named and what it describes. */
export const ATTRIBUTE_LIST_COPY: Record<
  AttributeList,
  { title: string; noun: string; description: string }
> = {
  job_attributes: {
    title: 'Job attributes',
    noun: 'job attribute',
    description:
      'Details recorded on every job of this {owner}, such as a permit number or visit date.',
  },
  location_attributes: {
    title: 'Location attributes',
    noun: 'location attribute',
    description: 'Details recorded for each location, such as a fire rating or room use.',
  },
  specification_attributes: {
    title: 'Specification attributes',
    noun: 'specification attribute',
    description: 'Details recorded for each specification, such as a product or finish.',
  },
};

export const ATTRIBUTE_TYPE_LABEL: Record<AttributeType, string> = {
  TEXT: 'Text',
  NUMBER: 'Number',
  BOOLEAN: 'Yes / no',
  DATE: 'Date',
  SELECT: 'Single choice',
  MULTI_SELECT: 'Multiple choice',
};

export const hasOptions = (type: AttributeType) => type === 'SELECT' || type === 'MULTI_SELECT';

/** Short facts shown under an attribute's name: "Large text", "2 decimals", "3 options". */
export function attributeDetails(attribute: AnyAttribute): string[] {
  const details: string[] = [];
  if (attribute.type === 'TEXT' && attribute.large_text) details.push('Large text');
  if (attribute.type === 'NUMBER' && attribute.precision !== null) {
    details.push(`${attribute.precision} decimal${attribute.precision === 1 ? '' : 's'}`);
  }
  if (attribute.type === 'DATE' && 'capture_time' in attribute) {
    if (attribute.capture_time) details.push('With time');
    if (attribute.default_to_now) details.push('Defaults to now');
  }
  if (hasOptions(attribute.type)) {
    const active = attribute.options.filter((option) => option.archived_at === null).length;
    const archived = attribute.options.length - active;
    details.push(
      `${active} option${active === 1 ? '' : 's'}${archived ? `, ${archived} archived` : ''}`,
    );
  }
  if ('pdf_report_overview_visibility' in attribute) {
    const visibility = attribute.pdf_report_overview_visibility;
    if (visibility !== 'NEVER') {
      details.push(visibility === 'ALWAYS' ? 'On report overview' : 'On report overview when set');
    }
  }
  return details;
}
