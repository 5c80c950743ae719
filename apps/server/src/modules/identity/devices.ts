import type { Device } from '@fieldwork/contract';
import type { Queryable } from '../../platform/db/queryable';
import { present } from '../../platform/resource-kit';

/** Inactive devices shown: logged out or expired within this many days, newest first. */
const INACTIVE_DAYS = 90;
const INACTIVE_LIMIT = 50;

const DEVICE_SELECT = `
  SELECT s.id, s.device_guid, s.user_id, u.name AS user_name, s.app_version_id, s.app_version_code,
         s.device_config, s.created_at AS logged_in_at, s.last_used_at AS last_activity_at,
         CASE WHEN s.revoked_at IS NOT NULL THEN s.revoked_at
              WHEN s.expires_at <= now() THEN s.expires_at END AS logged_out_at,
         s.impersonator_user_id IS NOT NULL AS impersonated, s.created_at, s.updated_at
    FROM sessions s JOIN users u ON u.id = s.user_id`;

const LIVE = 's.revoked_at IS NULL AND s.expires_at > now()';

export function presentDevice(row: Record<string, unknown>, currentSessionId: string): Device {
  const device = present(row) as Record<string, unknown>;
  const config = (row.device_config ?? {}) as Record<string, string | null | undefined>;
  return {
    ...(device as unknown as Device),
    device_config: {
      make: config.make ?? null,
      model: config.model ?? null,
      os_name: config.os_name ?? null,
      os_version: config.os_version ?? null,
    },
    current: row.id === currentSessionId,
  };
}

export async function listDevices(db: Queryable, userId: string, currentSessionId: string) {
  const [active, inactive] = await Promise.all([
    db.query(`${DEVICE_SELECT} WHERE s.user_id = $1 AND ${LIVE} ORDER BY s.last_used_at DESC`, [
      userId,
    ]),
    db.query(
      `${DEVICE_SELECT} WHERE s.user_id = $1 AND NOT (${LIVE})
          AND coalesce(s.revoked_at, s.expires_at) > now() - make_interval(days => $2)
        ORDER BY coalesce(s.revoked_at, s.expires_at) DESC LIMIT $3`,
      [userId, INACTIVE_DAYS, INACTIVE_LIMIT],
    ),
  ]);
  return {
    active: active.rows.map((row) => presentDevice(row, currentSessionId)),
    inactive: inactive.rows.map((row) => presentDevice(row, currentSessionId)),
  };
}

export async function findDevice(db: Queryable, userId: string, id: string, current: string) {
  const { rows } = await db.query(`${DEVICE_SELECT} WHERE s.user_id = $1 AND s.id = $2`, [
    userId,
    id,
  ]);
  return rows[0] ? presentDevice(rows[0], current) : null;
}
