import { z } from 'zod';
import type { Queryable } from '../db/queryable';
import { forbidden } from '../errors';
import type { MembershipScope, OrganisationContext } from '../http/context';
import { API_KEY_ROLE } from '../http/register';
import type { JobRun } from './job';

/**
 * Who asked for a piece of background work, as the request knew them: carried in the job's
 * payload so the job acts with the same rules, visibility and audit as the request would have.
 */
export const jobCallerSchema = z.object({
  actor: z.object({
    type: z.enum(['USER', 'API_KEY']),
    apiKeyId: z.string().nullable(),
    impersonatorUserId: z.string().nullable(),
  }),
  requestId: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  deviceId: z.string().nullable(),
});
export type JobCaller = z.infer<typeof jobCallerSchema>;

/** The request's caller, for a job's payload. */
export const jobCallerOf = (ctx: OrganisationContext): JobCaller => ({
  actor: ctx.actor,
  requestId: ctx.requestId,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  deviceId: ctx.deviceId ?? null,
});

interface CallerRow {
  id: string;
  name: string;
  email: string;
  membership_id: string | null;
  role: MembershipScope['role'] | null;
  owner: boolean | null;
  guest: boolean | null;
  key_live: boolean;
}

/** The caller's membership now: a member removed (or a key deleted) since asking has none. */
async function membershipNow(tx: Queryable, job: JobRun, caller: JobCaller) {
  const { rows } = await tx.query<CallerRow>(
    `SELECT u.id, u.name, u.email, m.id AS membership_id, m.role, m.owner, m.guest,
            EXISTS (SELECT FROM api_keys k WHERE k.id = $3 AND k.deleted_at IS NULL) AS key_live
       FROM users u
       LEFT JOIN memberships m ON m.organisation_id = $1 AND m.user_id = u.id
                              AND m.active AND m.deleted_at IS NULL
      WHERE u.id = $2`,
    [job.organisationId, job.userId, caller.actor.apiKeyId],
  );
  const row = rows[0];
  if (!row) return null;
  let membership: MembershipScope | null = null;
  if (caller.actor.type === 'API_KEY') {
    if (row.key_live) membership = { id: null, role: API_KEY_ROLE, owner: false, guest: false };
  } else if (row.role) {
    membership = {
      id: row.membership_id,
      role: row.role,
      owner: row.owner === true,
      guest: row.guest === true,
    };
  }
  return membership ? { user: { id: row.id, name: row.name, email: row.email }, membership } : null;
}

/** Work to do once the job's transaction has committed or rolled back. */
export interface CallerHooks {
  afterCommit: Array<() => Promise<void>>;
  afterRollback: Array<() => Promise<void>>;
}

export const newCallerHooks = (): CallerHooks => ({ afterCommit: [], afterRollback: [] });

/**
 * A request-like context in the job's transaction for the caller as they are now: the same
 * rules, scope and audit. Refused (403, not retried) when they have since lost access.
 */
export async function callerContext(
  job: JobRun,
  tx: Queryable,
  caller: JobCaller,
  hooks: CallerHooks = newCallerHooks(),
): Promise<OrganisationContext> {
  if (!job.organisationId || !job.userId) throw new Error('This work needs its organisation');
  const now = await membershipNow(tx, job, caller);
  if (!now) throw forbidden('You may no longer do this here.', 'not_permitted');
  return {
    db: tx,
    services: job.services,
    log: job.log,
    requestId: caller.requestId,
    ip: caller.ip,
    userAgent: caller.userAgent,
    deviceId: caller.deviceId,
    afterCommit: (task) => hooks.afterCommit.push(task),
    afterRequest: (task) => hooks.afterCommit.push(task),
    afterRollback: (task) => hooks.afterRollback.push(task),
    user: now.user,
    actor: caller.actor,
    organisationId: job.organisationId,
    membership: now.membership,
  };
}
