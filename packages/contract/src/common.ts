import { z } from 'zod';

import { ID_PATTERN } from './ids';

export const idSchema = z.string().regex(ID_PATTERN, 'Must be a 24-character hex id');
export const timestampSchema = z.string().describe('ISO 8601 UTC timestamp');

export const recordSchema = z.object({
  id: idSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

/**
 * What the caller may do with one record (update, delete, force_delete, archive, an entity's
 * actions …), computed by the server's policy table: the web app shows only what is true.
 */
export const recordPermissionsSchema = z.record(z.string(), z.boolean());
export type RecordPermissions = z.infer<typeof recordPermissionsSchema>;

/**
 * What the caller may do with a list as a whole, answered in a list's `meta.permissions`:
 * `create`, and each record action (update, delete, archive, start …) true when the caller may
 * take it on at least some records (each record's own `permissions` says which). From the same
 * policy table as the records' permissions.
 */
export const collectionPermissionsSchema = z.record(z.string(), z.boolean());
export type CollectionPermissions = z.infer<typeof collectionPermissionsSchema>;

export const idsBodySchema = z.object({ ids: z.array(idSchema).min(1).max(1000) });
export type IdsBody = z.infer<typeof idsBodySchema>;

export const bulkFailureSchema = z.object({ id: z.string(), reason: z.string(), code: z.string() });
export type BulkFailure = z.infer<typeof bulkFailureSchema>;

/** Optional text fields: trimmed; empty strings become null so "clear this field" is one value. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const requiredName = z.string().trim().min(1, 'Required').max(255);

/**
 * The typed answer columns of an attribute value or a job sheet answer, as answered: the one
 * its type takes holds the value, the others are null.
 */
export const typedValueFields = {
  value_string: z.string().nullable(),
  value_number: z.number().nullable(),
  value_boolean: z.boolean().nullable(),
  value_date: z.string().nullable(),
  value_option: z.string().nullable(),
  value_options: z.array(z.string()).nullable(),
};
export type TypedValueKey = keyof typeof typedValueFields;
export const TYPED_VALUE_KEYS = Object.keys(typedValueFields) as TypedValueKey[];

/**
 * A boolean as a form sends it (field-work §5: material and signed document creation send the
 * strings "true" and "false"): the strings or a JSON boolean; anything else is refused.
 */
export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'], 'Must be true or false')])
  .transform((value) => value === true || value === 'true');

/** Ids as a form sends them: a JSON list, one multipart field per id, or one field of one id. */
export const formIds = (max = 1000) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value === '' ? [] : [value]) : value),
    z.array(idSchema).max(max),
  );
