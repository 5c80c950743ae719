import { rateSetSchema, selectOptionSchema } from '@fieldwork/contract';
import { z } from 'zod';
import { defineResource, type ResourceDeclaration } from '../../platform/resource-kit';

/**
 * The organisation's materials and rate sets in their first, minimal form (id, name,
 * archived_at), read by the project settings' pickers. Read-only here: the materials issue brings
 * their own writes and extends these declarations (forms live in modules/forms).
 */
const namedFields = {
  name: { type: 'text', filter: true, sort: true },
  archived_at: { type: 'timestamp', sort: true },
} as const;
const readOnly = { create: z.object({}), update: z.object({}) };

const catalogue = (name: string, label: string, record: z.ZodType): ResourceDeclaration =>
  defineResource({
    name,
    label,
    table: name,
    record,
    ...readOnly,
    fields: namedFields,
    search: ['name'],
    defaultSort: 'name',
    verbs: ['list', 'get'],
    archivable: true,
    access: { read: 'OPERATIVE', write: 'MANAGER' },
  });

export const rateSetsResource = catalogue('rate_sets', 'Rate set', rateSetSchema);
/** Served only as /select_options/materials until the materials issue declares the rest. */
export const materialsResource: ResourceDeclaration = {
  ...catalogue('materials', 'Material', selectOptionSchema),
  verbs: [],
};
