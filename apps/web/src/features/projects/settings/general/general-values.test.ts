import type { ProjectTemplate } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { generalUpdateOf, generalValuesOf } from './general-values';

const template: ProjectTemplate = {
  id: 't1',
  name: 'Fire stopping',
  description: null,
  item_mode: 'BOTH',
  multi_site: false,
  approvals_enabled: true,
  approvals_show_on_report: false,
  enable_bulk_approval_actions: false,
  duplicate_photo_detection: true,
  duplicate_photo_detection_prevent_approvals: false,
  location_reference_enabled: true,
  location_reference_label: null,
  default_rate_sets: [{ id: 'r1', name: 'Standard' }],
  archived_at: null,
  project_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('general settings values', () => {
  it('reads a record into form values (nulls as empty text, rate sets as ids)', () => {
    const values = generalValuesOf(template);
    expect(values.description).toBe('');
    expect(values.location_reference_label).toBe('');
    expect(values.default_rate_set_ids).toEqual(['r1']);
  });

  it("sends a template's name and description, and clears an empty label", () => {
    const body = generalUpdateOf(
      { ...generalValuesOf(template), description: '  ', location_reference_label: ' ' },
      true,
    );
    expect(body).toMatchObject({
      name: 'Fire stopping',
      description: null,
      location_reference_label: null,
      default_rate_set_ids: ['r1'],
      approvals_enabled: true,
    });
  });

  it("leaves a project's name alone (edited with the project itself)", () => {
    const body = generalUpdateOf(generalValuesOf({ ...template, name: 'Tower A' }), false);
    expect(body).not.toHaveProperty('name');
    expect(body).not.toHaveProperty('description');
    expect(body.location_reference_label).toBeNull();
  });

  it("sends a project's same-approver rule, never a template's (templates do not carry it)", () => {
    const project = { ...template, approvals_same_approver_allowed: false };
    expect(generalValuesOf(project).approvals_same_approver_allowed).toBe(false);
    expect(generalUpdateOf(generalValuesOf(project), false)).toMatchObject({
      approvals_same_approver_allowed: false,
    });
    expect(generalValuesOf(template).approvals_same_approver_allowed).toBe(true);
    expect(generalUpdateOf(generalValuesOf(template), true)).not.toHaveProperty(
      'approvals_same_approver_allowed',
    );
  });
});
