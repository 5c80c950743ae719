import {
  idSchema,
  withNotificationDefaults,
  type Preferences,
  type UpdatePreferencesBody,
} from '@fieldwork/contract';
import { z } from 'zod';
import type { Queryable } from '../../platform/db/queryable';

/** A membership's preferences as stored (jsonb): any subset, possibly from an older version. */
export type StoredPreferences = Partial<Record<string, unknown>> & {
  notifications?: Record<string, Record<string, boolean>>;
};

export const preferencesQuerySchema = z.object({ organisation_id: idSchema.optional() });

/** The caller's live memberships (one organisation's, or all), oldest first. */
export async function membershipPreferences(
  db: Queryable,
  userId: string,
  organisationId: string | null,
): Promise<{ id: string; preferences: StoredPreferences }[]> {
  const { rows } = await db.query<{ id: string; preferences: StoredPreferences }>(
    `SELECT id, preferences FROM memberships
      WHERE user_id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR organisation_id = $2)
      ORDER BY created_at, id`,
    [userId, organisationId],
  );
  return rows;
}

/** Every preference with its default filled in. */
export function presentPreferences(stored: StoredPreferences): Preferences {
  return {
    new_jobs_experience_enabled: stored.new_jobs_experience_enabled === true,
    auto_proceed_on_approval: stored.auto_proceed_on_approval === true,
    notifications: withNotificationDefaults(stored.notifications),
    daily_digest: stored.daily_digest === true,
  };
}

/** The stored preferences with a change applied: notifications per kind and channel. */
export function mergePreferences(
  stored: StoredPreferences,
  change: Omit<UpdatePreferencesBody, 'organisation_id'>,
): StoredPreferences {
  const { notifications, ...flat } = change;
  const merged: StoredPreferences = { ...stored, ...flat };
  if (notifications) {
    const current = { ...(stored.notifications ?? {}) };
    for (const [kind, channels] of Object.entries(notifications)) {
      if (channels) current[kind] = { ...(current[kind] ?? {}), ...channels };
    }
    merged.notifications = current;
  }
  return merged;
}
