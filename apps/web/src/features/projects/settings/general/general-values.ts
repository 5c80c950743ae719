import type { ITEM_MODES } from '@fieldwork/contract';
import type { OwnerRecord, OwnerUpdate } from '../owner-record';

export type ItemMode = (typeof ITEM_MODES)[number];

/** What the General tab edits: the flags of a project or template, and a template's name. */
export type GeneralValues = {
  name: string;
  description: string;
  item_mode: ItemMode;
  multi_site: boolean;
  approvals_enabled: boolean;
  approvals_show_on_report: boolean;
  /** A project's own (templates do not carry it): one person may decide two stages of a sheet. */
  approvals_same_approver_allowed: boolean;
  enable_bulk_approval_actions: boolean;
  duplicate_photo_detection: boolean;
  duplicate_photo_detection_prevent_approvals: boolean;
  location_reference_enabled: boolean;
  location_reference_label: string;
  default_rate_set_ids: string[];
};

export function generalValuesOf(record: OwnerRecord): GeneralValues {
  return {
    name: record.name,
    description: 'description' in record ? (record.description ?? '') : '',
    item_mode: record.item_mode,
    multi_site: record.multi_site,
    approvals_enabled: record.approvals_enabled,
    approvals_show_on_report: record.approvals_show_on_report,
    approvals_same_approver_allowed:
      'approvals_same_approver_allowed' in record ? record.approvals_same_approver_allowed : true,
    enable_bulk_approval_actions: record.enable_bulk_approval_actions,
    duplicate_photo_detection: record.duplicate_photo_detection,
    duplicate_photo_detection_prevent_approvals: record.duplicate_photo_detection_prevent_approvals,
    location_reference_enabled: record.location_reference_enabled,
    location_reference_label: record.location_reference_label ?? '',
    default_rate_set_ids: record.default_rate_sets.map((rateSet) => rateSet.id),
  };
}

/**
 * The PUT body. A project's name and details are edited with the project itself, so only a
 * template sends its name and description from here. An empty label is cleared (null).
 */
export function generalUpdateOf(values: GeneralValues, isTemplate: boolean): OwnerUpdate {
  const { name, description, location_reference_label, approvals_same_approver_allowed, ...flags } =
    values;
  return {
    ...flags,
    location_reference_label: location_reference_label.trim() || null,
    ...(isTemplate
      ? { name, description: description.trim() || null }
      : { approvals_same_approver_allowed }),
  };
}
