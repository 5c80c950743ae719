import type { MeContext } from '@fieldwork/contract';
import { createHmac } from 'node:crypto';
import type { UserContext } from '../../platform/http/context';
import { isSupportStaff } from '../../platform/auth/support';
import { notFound } from '../../platform/errors';
import { listOrganisations } from '../organisations';
import { loadMemberships } from '../people';
import { findUser } from './users';

export async function loadContext(ctx: UserContext): Promise<MeContext> {
  const user = await findUser(ctx.db, ctx.user.id);
  if (!user) throw notFound('User');
  const memberships = await loadMemberships(ctx.db, ctx.user.id);
  const active = memberships
    .filter((membership) => membership.active)
    .map((m) => m.organisation_id);
  return {
    user,
    memberships,
    organisations: await listOrganisations(ctx.db, active, ctx.services.storage),
    legacyTeams: [],
    intercom: {
      user_id: user.id,
      user_hash: createHmac('sha256', ctx.services.config.appSecret).update(user.id).digest('hex'),
      name: user.name,
      email: user.email,
    },
    now: Date.now(),
    impersonating: ctx.actor.impersonatorUserId !== null,
    impersonator: ctx.actor.impersonatorUserId
      ? await impersonator(ctx, ctx.actor.impersonatorUserId)
      : null,
    support: await isSupportStaff(ctx.db, ctx.services.config, ctx.user.id),
  };
}

async function impersonator(ctx: UserContext, userId: string) {
  const { rows } = await ctx.db.query<{ id: string; name: string; email: string }>(
    'SELECT id, name, email FROM users WHERE id = $1',
    [userId],
  );
  return rows[0] ?? null;
}
