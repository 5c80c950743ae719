import type { AttributeType, PDF_REPORT_VISIBILITIES } from '@fieldwork/contract';
import type { AnyAttribute, AttributeList } from '../config-lists';
import { hasOptions } from './attribute-kinds';
import { optionsFromRecord, toOptionInputs } from './options';
import type { EditableOption } from './options';

export type PdfVisibility = (typeof PDF_REPORT_VISIBILITIES)[number];

/** The attribute form's values, for any of the three lists. */
export type AttributeValues = {
  name: string;
  type: AttributeType;
  large_text: boolean;
  /** Decimal places of a NUMBER; '' for "as entered". */
  precision: number | '';
  capture_time: boolean;
  default_to_now: boolean;
  pdf_report_overview_visibility: PdfVisibility;
  options: EditableOption[];
};

export function attributeValuesOf(attribute: AnyAttribute | undefined): AttributeValues {
  return {
    name: attribute?.name ?? '',
    type: attribute?.type ?? 'TEXT',
    large_text: attribute?.large_text ?? false,
    precision: attribute?.precision ?? '',
    capture_time: attribute && 'capture_time' in attribute ? attribute.capture_time : false,
    default_to_now: attribute && 'default_to_now' in attribute ? attribute.default_to_now : false,
    pdf_report_overview_visibility:
      attribute && 'pdf_report_overview_visibility' in attribute
        ? attribute.pdf_report_overview_visibility
        : 'NEVER',
    options: optionsFromRecord(attribute?.options ?? []),
  };
}

/**
 * The create or update body: the fields that mean something for this list and type (a TEXT
 * attribute sends no precision, only job attributes have capture_time, ...).
 */
export function attributeBodyOf(list: AttributeList, values: AttributeValues) {
  const { type } = values;
  return {
    name: values.name,
    type,
    large_text: type === 'TEXT' && values.large_text,
    precision: type === 'NUMBER' && values.precision !== '' ? values.precision : null,
    ...(hasOptions(type) && { options: toOptionInputs(values.options) }),
    ...(list === 'job_attributes' && {
      capture_time: type === 'DATE' && values.capture_time,
      default_to_now: type === 'DATE' && values.default_to_now,
    }),
    ...(list === 'location_attributes' && {
      pdf_report_overview_visibility: values.pdf_report_overview_visibility,
    }),
  };
}
