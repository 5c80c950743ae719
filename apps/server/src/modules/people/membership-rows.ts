import { z } from 'zod';
import type { FieldDeclaration, ResourceDeclaration } from '../../platform/resource-kit';

const userColumn = (column: 'name' | 'email') =>
  `(SELECT u.${column} FROM users u WHERE u.id = t.user_id)`;

/**
 * What the members and guests declarations share: a membership row addressed by its user's id
 * (or its own id), audited as a membership, named by its user; neither creates nor updates rows.
 */
export const membershipRows: Pick<
  ResourceDeclaration,
  'table' | 'key' | 'auditCollection' | 'create' | 'update' | 'softDelete' | 'defaultSort'
> = {
  table: 'memberships',
  key: { column: 'user_id', alternates: ['id'] },
  auditCollection: 'memberships',
  create: z.object({}),
  update: z.object({}),
  softDelete: true,
  defaultSort: 'name',
};

export const membershipFields: Record<string, FieldDeclaration> = {
  id: { type: 'id', sql: 't.user_id', filter: true },
  membership_id: { type: 'id', sql: 't.id' },
  name: { type: 'text', sql: userColumn('name'), sort: true },
  email: { type: 'text', sql: userColumn('email'), sort: true },
};
