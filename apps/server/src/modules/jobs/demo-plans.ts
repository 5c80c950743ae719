import { dailyJobPlanCreateSchema, visitCreateSchema } from '@fieldwork/contract';
import type { OrganisationContext } from '../../platform/http/context';
import { writer } from '../../platform/resource-kit';
import { dailyJobPlansResource } from './daily-job-plans.resource';
import { visitsResource } from './visits.resource';

const dayFromToday = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The demo operative's and manager's plans: today in order, and tomorrow. */
const PLANS: Array<{
  who: 'operative' | 'manager';
  day: number;
  reference: string;
  instructions: string;
}> = [
  {
    who: 'operative',
    day: 0,
    reference: 'Holbeck east corridor',
    instructions: 'Collect the batts from the compound before 8:00.',
  },
  {
    who: 'operative',
    day: 0,
    reference: 'Riverside snag walk',
    instructions: 'Meet Ana Costa at block A reception at 13:00.',
  },
  {
    who: 'operative',
    day: 0,
    reference: 'Van stock check',
    instructions: 'Count the fire collars and mastic left in the van.',
  },
  {
    who: 'operative',
    day: 1,
    reference: 'Holbeck level 3 photos',
    instructions: 'Every sealed penetration, before the ceilings close.',
  },
  {
    who: 'manager',
    day: 0,
    reference: 'Spinningfields client meeting',
    instructions: 'Agree the new date for the floor 12 inspection.',
  },
];

/**
 * Daily job plans for the demo people and one visit (today's Holbeck Works trip) holding the
 * Holbeck jobs of today and tomorrow, written as the API writes them, so the jobs page's Plans
 * and Visits views have something to show on first start.
 */
export async function seedDemoPlansAndVisits(
  ctx: OrganisationContext,
  people: { managerId: string; operativeId: string },
) {
  const { rows: forms } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM forms WHERE organisation_id = $1 AND archived_at IS NULL ORDER BY name LIMIT 1`,
    [ctx.organisationId],
  );
  const formIds = forms.map((form) => form.id);
  const who = { operative: people.operativeId, manager: people.managerId };
  await writer(dailyJobPlansResource).insert(
    ctx,
    PLANS.map((plan) =>
      dailyJobPlanCreateSchema.parse({
        operative_id: who[plan.who],
        local_day: dayFromToday(plan.day),
        reference: plan.reference,
        instructions: plan.instructions,
        form_ids: plan.who === 'operative' ? formIds : [],
      }),
    ),
  );
  const { rows: projects } = await ctx.db.query<{ id: string; site_id: string | null }>(
    `SELECT id, site_id FROM projects WHERE organisation_id = $1 AND name = 'Holbeck Works fire stopping'`,
    [ctx.organisationId],
  );
  const project = projects[0];
  if (!project) return;
  const [visitId] = await writer(visitsResource).insert(ctx, [
    visitCreateSchema.parse({
      reference: 'Holbeck Works, week 48',
      project_id: project.id,
      site_id: project.site_id,
      date: dayFromToday(0),
      notes: 'Site office at gate 2; sign in with security.',
    }),
  ]);
  await ctx.db.query(
    `UPDATE jobs SET visit_id = $3 WHERE organisation_id = $1 AND project_id = $2
        AND reference IN ('HW-FS-016', 'HW-FS-017')`,
    [ctx.organisationId, project.id, visitId],
  );
}
