import { z } from 'zod';
import {
  idSchema,
  optionalText,
  recordPermissionsSchema,
  recordSchema,
  requiredName,
  timestampSchema,
} from './common';

export const clientSchema = recordSchema
  .extend({
    owner_id: idSchema.nullable(),
    owner_name: z.string().nullable(),
    name: z.string(),
    last_activity_at: timestampSchema.nullable(),
    archived_at: timestampSchema.nullable(),
    project_count: z.number().int(),
    permissions: recordPermissionsSchema.optional(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof clientSchema>;

export const clientCreateSchema = z
  .object({ name: requiredName, owner_id: idSchema.nullish() })
  .meta({ id: 'ClientCreate' });
export const clientUpdateSchema = clientCreateSchema.partial().meta({ id: 'ClientUpdate' });

export const contactSchema = recordSchema
  .extend({
    client_id: idSchema,
    client_name: z.string().nullable(),
    name: z.string(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
    role: z.string().nullable(),
    archived_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

const contactFields = {
  client_id: idSchema,
  name: requiredName,
  telephone: optionalText(50),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email('Must be a valid e-mail address').nullable()),
  role: optionalText(255),
};
export const contactCreateSchema = z.object(contactFields).meta({ id: 'ContactCreate' });
export const contactUpdateSchema = z.object(contactFields).partial().meta({ id: 'ContactUpdate' });

export const selectOptionSchema = z
  .object({ id: idSchema, name: z.string(), archived_at: timestampSchema.nullable() })
  .meta({ id: 'SelectOption' });
export type SelectOption = z.infer<typeof selectOptionSchema>;

/** One line of a client's activity: an audited change to the client, a contact or a project. */
export const clientActivityEntrySchema = z
  .object({
    id: idSchema,
    collection_name: z.enum(['clients', 'contacts', 'projects']),
    document_id: idSchema,
    document_name: z.string().nullable(),
    action: z.string(),
    performed_at: timestampSchema,
    performed_by_name: z.string().nullable(),
  })
  .meta({ id: 'ClientActivityEntry' });
export type ClientActivityEntry = z.infer<typeof clientActivityEntrySchema>;
