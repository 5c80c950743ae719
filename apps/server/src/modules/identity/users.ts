import type { User } from '@fieldwork/contract';
import { hashPassword } from '../../platform/auth/passwords';
import type { Queryable } from '../../platform/db/queryable';
import { validationFailure } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { present } from '../../platform/resource-kit';

const USER_COLUMNS = `id, name, email, phone, email_verified_at, password_updated_at, ids, created_at, updated_at`;

export function presentUser(row: Record<string, unknown>): User {
  const user = present(row) as unknown as User;
  return { ...user, _id: user.id };
}

export async function createUser(
  db: Queryable,
  input: { name: string; email: string; password: string; phone?: string | null | undefined },
): Promise<User> {
  const existing = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [
    input.email,
  ]);
  if (existing.rows.length) {
    throw validationFailure([
      { field: 'email', message: 'An account with this e-mail already exists.', code: 'taken' },
    ]);
  }
  const { rows } = await db.query(
    `INSERT INTO users (id, name, email, phone, password_hash, password_updated_at)
     VALUES ($1, $2, $3, $4, $5, now()) RETURNING ${USER_COLUMNS}`,
    [newId(), input.name, input.email, input.phone ?? null, await hashPassword(input.password)],
  );
  return presentUser(rows[0]!);
}

export async function findUser(db: Queryable, id: string): Promise<User | null> {
  const { rows } = await db.query(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? presentUser(rows[0]) : null;
}

export async function findCredentials(db: Queryable, email: string) {
  const { rows } = await db.query<{ id: string; password_hash: string }>(
    'SELECT id, password_hash FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0] ?? null;
}
