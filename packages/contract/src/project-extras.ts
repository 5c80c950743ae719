import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

/**
 * Around a project: its guests, its site, and the organisation's rate sets and forms as the
 * projects' pickers read them (field-work §3, §7). Rate sets and forms are minimal here
 * (id, name, archived_at); the materials and forms issues extend them.
 */

export const projectGuestSchema = z
  .object({
    user_id: idSchema,
    name: z.string(),
    email: z.string(),
    created_at: timestampSchema.describe('When the guest was added to the project'),
  })
  .meta({ id: 'ProjectGuest' });
export type ProjectGuest = z.infer<typeof projectGuestSchema>;

export const projectGuestInviteSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    created_at: timestampSchema.describe('When the invite was sent'),
    expires_at: timestampSchema,
  })
  .meta({ id: 'ProjectGuestInvite' });
export type ProjectGuestInvite = z.infer<typeof projectGuestInviteSchema>;

/** GET /projects/{id}/guests: the project's guests, and open guest invites naming it. */
export const projectGuestsSchema = z
  .object({ data: z.array(projectGuestSchema), invites: z.array(projectGuestInviteSchema) })
  .meta({ id: 'ProjectGuests' });
export type ProjectGuests = z.infer<typeof projectGuestsSchema>;

/** POST /projects/{id}/guests: guests of the organisation to add to the project. */
export const projectGuestsAddSchema = z
  .object({ user_ids: z.array(idSchema).min(1).max(1000) })
  .meta({ id: 'ProjectGuestsAdd' });

/** PUT /projects/{id}/site: the project's site, or null for none. */
export const projectSiteBodySchema = z
  .object({ site_id: idSchema.nullable() })
  .meta({ id: 'ProjectSiteBody' });
export type ProjectSiteBody = z.infer<typeof projectSiteBodySchema>;

// Rate sets: materials.ts.
