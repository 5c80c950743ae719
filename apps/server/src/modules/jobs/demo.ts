import { jobCreateSchema, type JobStatus } from '@fieldwork/contract';
import { recordAudit } from '../../platform/audit';
import type { OrganisationContext } from '../../platform/http/context';
import { writer } from '../../platform/resource-kit';
import { jobsResource } from './jobs.resource';

type Who = 'operative' | 'manager' | null;

/** The demo's jobs: a week around today on three projects, in every status. */
const JOBS: Array<{
  project: string;
  reference: string;
  who: Who;
  day: number;
  status: JobStatus;
  instructions: string;
}> = [
  {
    project: 'Holbeck Works fire stopping',
    reference: 'HW-FS-014',
    who: 'operative',
    day: -2,
    status: 'COMPLETED',
    instructions: 'Seal the service penetrations in the level 2 riser cupboards.',
  },
  {
    project: 'Holbeck Works fire stopping',
    reference: 'HW-FS-015',
    who: 'operative',
    day: -1,
    status: 'COMPLETED',
    instructions: 'Fit fire collars to the soil stacks, flats 3 to 6.',
  },
  {
    project: 'Holbeck Works fire stopping',
    reference: 'HW-FS-016',
    who: 'operative',
    day: 0,
    status: 'IN_PROGRESS',
    instructions:
      'Mineral wool batts at the compartment walls of the east corridor. Key at gate 2.',
  },
  {
    project: 'Riverside Court snagging',
    reference: 'RC-SN-031',
    who: 'operative',
    day: 0,
    status: 'AWAITING',
    instructions: 'Snag walk of blocks A and B with the housing officer (Ana Costa).',
  },
  {
    project: 'Holbeck Works fire stopping',
    reference: 'HW-FS-017',
    who: 'operative',
    day: 1,
    status: 'AWAITING',
    instructions: 'Photograph every sealed penetration on level 3 before the ceilings close.',
  },
  {
    project: 'Spinningfields Tower fit-out',
    reference: 'ST-FO-207',
    who: 'manager',
    day: -1,
    status: 'CANCELLED',
    instructions: 'Second-fix inspection, floor 12 (postponed by the client).',
  },
  {
    project: 'Spinningfields Tower fit-out',
    reference: 'ST-FO-208',
    who: 'manager',
    day: 2,
    status: 'AWAITING',
    instructions: 'Pre-handover inspection of the floor 14 fit-out.',
  },
  {
    project: 'Riverside Court snagging',
    reference: 'RC-SN-032',
    who: null,
    day: 3,
    status: 'AWAITING',
    instructions: 'Re-check the snags closed last week in block C.',
  },
  {
    project: 'Harbour View fire doors',
    reference: 'HV-FD-003',
    who: 'manager',
    day: 2,
    status: 'AWAITING',
    instructions: 'Annual fire door inspection, ground floor and basement.',
  },
];

const dayFromToday = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** What a status means for the timestamps, and the transitions that led there. */
const HISTORY: Record<JobStatus, { sql: string; audit: Array<'START' | 'COMPLETE' | 'CANCEL'> }> = {
  AWAITING: { sql: '', audit: [] },
  IN_PROGRESS: { sql: `, started_at = now() - interval '2 hours'`, audit: ['START'] },
  COMPLETED: {
    sql: `, started_at = date + time '08:10', completed_at = date + time '15:40'`,
    audit: ['START', 'COMPLETE'],
  },
  CANCELLED: { sql: ', cancelled_at = now()', audit: ['CANCEL'] },
};

/**
 * A handful of jobs on the demo projects, created as POST /jobs creates them (numbered, audited),
 * then taken through their transitions, so the jobs page shows a realistic week on first start.
 */
export async function seedDemoJobs(
  ctx: OrganisationContext,
  people: { managerId: string; operativeId: string },
) {
  const { rows: projects } = await ctx.db.query<{ id: string; name: string; form_id: string }>(
    `SELECT p.id, p.name, (SELECT pf.form_id FROM project_forms pf WHERE pf.organisation_id = p.organisation_id
        AND pf.project_id = p.id ORDER BY pf."order" LIMIT 1) AS form_id
       FROM projects p WHERE p.organisation_id = $1`,
    [ctx.organisationId],
  );
  const byName = new Map(projects.map((project) => [project.name, project]));
  const who = { operative: people.operativeId, manager: people.managerId };
  const jobs = JOBS.filter((job) => byName.has(job.project));
  const ids = await writer(jobsResource).insert(
    ctx,
    jobs.map((job) => {
      const project = byName.get(job.project)!;
      return jobCreateSchema.parse({
        project_id: project.id,
        reference: job.reference,
        operative_id: job.who ? who[job.who] : null,
        date: dayFromToday(job.day),
        instructions: job.instructions,
        form_ids: project.form_id ? [project.form_id] : [],
      });
    }),
  );
  for (const [index, job] of jobs.entries()) {
    const history = HISTORY[job.status];
    if (!history.audit.length) continue;
    await ctx.db.query(
      `UPDATE jobs SET status = $3${history.sql} WHERE organisation_id = $1 AND id = $2`,
      [ctx.organisationId, ids[index], job.status],
    );
    for (const action of history.audit) await recordAudit(ctx, 'jobs', [ids[index]!], action);
  }
}
