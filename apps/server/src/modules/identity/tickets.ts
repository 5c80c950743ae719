import { hashToken, newToken } from '../../platform/auth/tokens';
import type { Queryable } from '../../platform/db/queryable';
import { newId } from '../../platform/ids';

export type TicketPurpose = 'ticket' | 'impersonation';

/** Lifetimes of single-use tickets. */
export const TICKET_MINUTES: Record<TicketPurpose, number> = { ticket: 5, impersonation: 10 };

export async function createTicket(
  db: Queryable,
  purpose: TicketPurpose,
  userId: string,
  createdByUserId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO sign_in_tickets (id, user_id, purpose, token_hash, created_by_user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6)) RETURNING expires_at`,
    [newId(), userId, purpose, hashToken(token), createdByUserId, TICKET_MINUTES[purpose]],
  );
  return { token, expiresAt: rows[0]!.expires_at };
}

/** Uses a live ticket up; answers whom it signs in and who made it, or null. */
export async function consumeTicket(
  db: Queryable,
  purpose: TicketPurpose,
  token: string,
): Promise<{ userId: string; createdByUserId: string | null } | null> {
  const { rows } = await db.query<{ user_id: string; created_by_user_id: string | null }>(
    `UPDATE sign_in_tickets SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, created_by_user_id`,
    [hashToken(token), purpose],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, createdByUserId: row.created_by_user_id } : null;
}
