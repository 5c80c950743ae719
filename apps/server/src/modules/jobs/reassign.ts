import type { OrganisationContext } from '../../platform/http/context';
import type { ActionRefusal, Row } from '../../platform/resource-kit';

interface Target {
  name: string;
  role: string;
  guest: boolean;
  active: boolean;
}

const refusal = (reason: string): ActionRefusal => ({ reason, field: 'operative_id' });

/**
 * Why each job may not go to the operative a reassign names, with the real reason per job: the
 * person must be an active member who is not a guest; a started job goes only to someone who may
 * start jobs on its project (a manager or admin, or an operative with can_start_jobs there); and a
 * job already theirs is not reassigned. Two queries whatever the number of jobs.
 */
export async function reassignRefusals(
  ctx: OrganisationContext,
  rows: Row[],
  operativeId: string,
): Promise<Map<string, ActionRefusal>> {
  const { rows: people } = await ctx.db.query<Target>(
    `SELECT u.name, m.role, m.guest, m.active FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND m.user_id = $2`,
    [ctx.organisationId, operativeId],
  );
  const target = people[0];
  const whole = (reason: string) => new Map(rows.map((row) => [row.id, refusal(reason)]));
  if (!target) return whole('The operative is not a member of this organisation.');
  if (!target.active) return whole(`${target.name} is deactivated in this organisation.`);
  if (target.guest || target.role === 'GUEST')
    return whole(`${target.name} is a guest; jobs go to operatives, managers or admins.`);

  const started = rows.filter((row) => row.status === 'IN_PROGRESS');
  const { rows: startable } = await ctx.db.query<{ project_id: string }>(
    `SELECT project_id FROM project_members
      WHERE organisation_id = $1 AND user_id = $2 AND project_id = ANY($3::text[]) AND can_start_jobs`,
    [ctx.organisationId, operativeId, [...new Set(started.map((row) => String(row.project_id)))]],
  );
  const mayStart = new Set(startable.map((row) => row.project_id));
  const refusals = new Map<string, ActionRefusal>();
  for (const row of rows) {
    if (row.operative_id === operativeId) {
      refusals.set(row.id, refusal('The job is already assigned to this operative.'));
    } else if (
      row.status === 'IN_PROGRESS' &&
      target.role === 'OPERATIVE' &&
      !mayStart.has(String(row.project_id))
    ) {
      refusals.set(
        row.id,
        refusal(
          `The job is started and ${target.name} may not start jobs on its project (can_start_jobs).`,
        ),
      );
    }
  }
  return refusals;
}
