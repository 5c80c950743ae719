import type { MeContext, Membership } from '@fieldwork/contract';
import { createHmac } from 'node:crypto';
import type { UserContext } from '../../platform/http/context';
import { notFound } from '../../platform/errors';
import { present } from '../../platform/resource-kit/present';
import { listOrganisations } from '../organisations/service';
import { findUser } from './users';

export async function loadContext(ctx: UserContext): Promise<MeContext> {
  const user = await findUser(ctx.db, ctx.user.id);
  if (!user) throw notFound('User');
  const { rows } = await ctx.db.query(
    `SELECT m.id, m.organisation_id, o.name AS organisation_name, m.user_id, u.name AS user_name,
            u.email AS user_email, m.role, m.guest, m.owner, m.active, m.preferences, m.deleted_at,
            m.created_at, m.updated_at
       FROM memberships m
       JOIN organisations o ON o.id = m.organisation_id
       JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1 AND m.deleted_at IS NULL
      ORDER BY o.name`,
    [ctx.user.id],
  );
  const memberships = rows.map((row) => presentMembership(present(row)));
  const active = memberships
    .filter((membership) => membership.active)
    .map((m) => m.organisation_id);
  return {
    user,
    memberships,
    organisations: await listOrganisations(ctx.db, active),
    legacyTeams: [],
    intercom: {
      user_id: user.id,
      user_hash: createHmac('sha256', ctx.services.config.appSecret).update(user.id).digest('hex'),
      name: user.name,
      email: user.email,
    },
    now: Date.now(),
  };
}

function presentMembership(row: Record<string, unknown>): Membership {
  const preferences = (row.preferences ?? {}) as Partial<Membership['preferences']>;
  return {
    ...(row as unknown as Membership),
    team_ids: [],
    projects: [],
    preferences: {
      new_jobs_experience_enabled: preferences.new_jobs_experience_enabled ?? false,
      auto_proceed_on_approval: preferences.auto_proceed_on_approval ?? false,
    },
    metrics: {
      signed_documents: 0,
      signed_documents_outstanding: 0,
      signed_documents_last_interaction: null,
    },
  };
}
