import {
  PASS_FAIL_LABELS,
  type FormRecord,
  type JobSheetFieldValue,
  type JobSheetStatus,
  type PassFailAnswer,
} from '@fieldwork/contract';
import { formatCalendarDate, formatDateTime } from '../../ui/format-time';

/** How a stored answer reads on the detail page (option ids become their names). */
export function displayValue(value: JobSheetFieldValue, form: FormRecord | undefined): string {
  const options = new Map(
    form?.sections
      .flatMap((section) => section.fields)
      .find((field) => field.id === value.form_field_id)
      ?.options.map((option) => [option.id, option.name]) ?? [],
  );
  const optionName = (id: string) => options.get(id) ?? id;
  switch (value.type) {
    case 'TEXT':
      return value.value_string ?? '';
    case 'NUMBER':
      return value.value_number === null ? '' : String(value.value_number);
    case 'DATE':
      // As every other date of the app: in the reader's locale, with the time when captured.
      return !value.value_date
        ? ''
        : value.value_date.length > 10
          ? formatDateTime(value.value_date)
          : formatCalendarDate(value.value_date);
    case 'SELECT':
      return value.value_option ? optionName(value.value_option) : '';
    case 'MULTI_SELECT':
      return (value.value_options ?? []).map(optionName).join(', ');
    case 'BOOLEAN':
      return value.value_boolean === null ? '' : value.value_boolean ? 'Yes' : 'No';
    case 'SIGNATURE':
      return value.value_signature ? `Signed by ${value.value_signature.name ?? 'someone'}` : '';
    case 'PHOTO':
      return `${value.photos.length} photo${value.photos.length === 1 ? '' : 's'}`;
    case 'TIME':
      return value.value_string ?? '';
    case 'PASS_FAIL':
      return value.value_option
        ? (PASS_FAIL_LABELS[value.value_option as PassFailAnswer] ?? '')
        : '';
    case 'TABLE': {
      const count = value.value_rows?.length ?? 0;
      return count ? `${count} row${count === 1 ? '' : 's'}` : '';
    }
    case 'INSTRUCTION':
      return '';
  }
}

/** A table answer's cells as people read them: options by name, yes/no, dates in words. */
export function tableCells(
  value: JobSheetFieldValue,
  form: FormRecord | undefined,
): { columns: string[]; rows: string[][] } | null {
  const field = form?.sections
    .flatMap((section) => section.fields)
    .find((candidate) => candidate.id === value.form_field_id);
  if (!field || !value.value_rows?.length) return null;
  const cell = (column: (typeof field.columns)[number], raw: unknown): string => {
    if (raw === null || raw === undefined || raw === '') return '';
    switch (column.type) {
      case 'BOOLEAN':
        return raw === true ? 'Yes' : 'No';
      case 'SELECT':
        return column.options.find((option) => option.id === raw)?.name ?? '';
      case 'DATE':
        return typeof raw === 'string' ? formatCalendarDate(raw) : '';
      case 'NUMBER':
        return typeof raw === 'number' ? raw.toLocaleString() : '';
      case 'TEXT':
      case 'TIME':
        return typeof raw === 'string' ? raw : '';
    }
  };
  return {
    columns: field.columns.map((column) => column.name),
    rows: value.value_rows.map((row) =>
      field.columns.map((column) => cell(column, row[column.id])),
    ),
  };
}

/** Field values by their section, in the form's order; hidden conditional fields left out. */
export function valuesBySection(values: JobSheetFieldValue[]) {
  const sections = new Map<string, JobSheetFieldValue[]>();
  for (const value of [...values].sort((a, b) => a.order - b.order)) {
    if (value.value_conditional && !value.value_conditional.shown) continue;
    if (value.type === 'INSTRUCTION') continue;
    const name = value.section_name ?? 'Answers';
    sections.set(name, [...(sections.get(name) ?? []), value]);
  }
  return [...sections].map(([name, fields]) => ({ name, fields }));
}

export const STATUS_COLORS: Record<JobSheetStatus, string> = {
  IN_PROGRESS: 'blue',
  SUBMITTED: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

export const STATUS_LABELS: Record<JobSheetStatus, string> = {
  IN_PROGRESS: 'In progress',
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};
