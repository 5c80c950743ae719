import type { Config } from '../../config';
import type { Queryable } from '../db/queryable';

/** Support staff are flagged on their user, or named by e-mail in SUPPORT_EMAILS. */
export async function isSupportStaff(db: Queryable, config: Config, userId: string) {
  const { rows } = await db.query(
    'SELECT 1 FROM users WHERE id = $1 AND (support OR lower(email) = ANY($2::text[]))',
    [userId, config.supportEmails],
  );
  return rows.length > 0;
}
