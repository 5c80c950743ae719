import type { Policy } from '../../platform/resource-kit';

/**
 * Who may change a library form (action × role; no record rules: a form is the organisation's
 * set-up, read by everyone who fills it in). Records carry it as their `permissions`; the
 * whole-form save, the moves and the nested sections and fields take the `update` role.
 */
export const formPolicy = {
  update: { role: 'MANAGER' },
  archive: { role: 'MANAGER' },
  duplicate: { role: 'MANAGER' },
  delete: { role: 'MANAGER' },
} as const satisfies Policy;

/** Scope of everything nested under a library form: /forms/{formId}/... */
export const FORM_SCOPE = {
  column: 'form_id',
  param: 'formId',
  path: 'forms',
  table: 'forms',
  label: 'Form',
} as const;
