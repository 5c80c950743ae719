import type { JobAttribute } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { attributeDetails } from './attribute-kinds';
import { attributeBodyOf, attributeValuesOf } from './attribute-values';

const dateAttribute: JobAttribute = {
  id: 'a1',
  project_id: 'p1',
  project_template_id: null,
  name: 'Visit',
  type: 'DATE',
  order: 0,
  large_text: false,
  precision: null,
  capture_time: true,
  default_to_now: true,
  options: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('attribute bodies', () => {
  it('sends the job-only date fields for job attributes', () => {
    expect(attributeBodyOf('job_attributes', attributeValuesOf(dateAttribute))).toEqual({
      name: 'Visit',
      type: 'DATE',
      large_text: false,
      precision: null,
      capture_time: true,
      default_to_now: true,
    });
  });

  it('drops fields that do not apply to the chosen type', () => {
    const values = { ...attributeValuesOf(dateAttribute), type: 'TEXT' as const, large_text: true };
    const body = attributeBodyOf('job_attributes', values);
    expect(body).toMatchObject({ large_text: true, capture_time: false, default_to_now: false });
    expect(body).not.toHaveProperty('options');
  });

  it('sends precision for numbers, options for choices, visibility for locations', () => {
    const number = {
      ...attributeValuesOf(undefined),
      name: 'Width',
      type: 'NUMBER' as const,
      precision: 2,
    };
    expect(attributeBodyOf('specification_attributes', number)).toEqual({
      name: 'Width',
      type: 'NUMBER',
      large_text: false,
      precision: 2,
    });
    const choice = {
      ...attributeValuesOf(undefined),
      name: 'Rating',
      type: 'SELECT' as const,
      pdf_report_overview_visibility: 'ALWAYS' as const,
      options: [{ key: 'k', name: ' 60 min ', archived: false }],
    };
    expect(attributeBodyOf('location_attributes', choice)).toEqual({
      name: 'Rating',
      type: 'SELECT',
      large_text: false,
      precision: null,
      options: [{ name: '60 min', archived: false }],
      pdf_report_overview_visibility: 'ALWAYS',
    });
  });
});

describe('attribute details', () => {
  it('summarises a date and a choice attribute', () => {
    expect(attributeDetails(dateAttribute)).toEqual(['With time', 'Defaults to now']);
    expect(
      attributeDetails({
        ...dateAttribute,
        type: 'MULTI_SELECT',
        options: [
          { id: 'o1', name: 'A', archived_at: null },
          { id: 'o2', name: 'B', archived_at: '2026-01-01T00:00:00Z' },
        ],
      }),
    ).toEqual(['1 option, 1 archived']);
  });
});
