import { jobSheetCreateSchema, type JobSheetFieldValueInput } from '@fieldwork/contract';
import type { AuthUser, OrganisationContext } from '../../platform/http/context';
import { newId } from '../../platform/ids';
import { declaredAction, declaredItemsAction, writer } from '../../platform/resource-kit';
import { saveWholeForm } from '../forms';
import { updateOptions } from '../organisation-setup';
import { jobSheetsResource } from './job-sheets.resource';

/** The demo form the Holbeck jobs carry, given fields an installer fills in on site. */
const FORM_NAME = 'Fire stopping installation';

const option = (name: string) => ({ id: newId(), name });
const PENETRATIONS = ['Pipe', 'Cable tray', 'Duct', 'Mixed services'].map(option);
const RATINGS = ['30 minutes', '60 minutes', '90 minutes', '120 minutes'].map(option);
const FIELD = {
  location: newId(),
  penetration: newId(),
  rating: newId(),
  seals: newId(),
  product: newId(),
  photographed: newId(),
  notes: newId(),
};

const FORM_SECTIONS = [
  {
    name: 'Penetration',
    fields: [
      { id: FIELD.location, name: 'Location', type: 'TEXT' as const, required: true },
      {
        id: FIELD.penetration,
        name: 'Penetration type',
        type: 'SELECT' as const,
        required: true,
        options: PENETRATIONS,
      },
      {
        id: FIELD.rating,
        name: 'Fire rating',
        type: 'SELECT' as const,
        required: true,
        options: RATINGS,
      },
    ],
  },
  {
    name: 'Installation',
    fields: [
      { id: FIELD.seals, name: 'Seals installed', type: 'NUMBER' as const, precision: 0 },
      { id: FIELD.product, name: 'Product used', type: 'TEXT' as const, remember: true },
      { id: FIELD.photographed, name: 'Photographed before closing up', type: 'BOOLEAN' as const },
      { id: FIELD.notes, name: 'Notes', type: 'TEXT' as const, large_text: true },
    ],
  },
];

interface Answers {
  location: string;
  penetration: number;
  rating: number;
  seals?: number;
  product?: string;
  photographed?: boolean;
  notes?: string;
}

function fieldValues(answers: Answers): JobSheetFieldValueInput[] {
  const values: JobSheetFieldValueInput[] = [
    { form_field_id: FIELD.location, value_string: answers.location },
    { form_field_id: FIELD.penetration, value_option: PENETRATIONS[answers.penetration]!.id },
    { form_field_id: FIELD.rating, value_option: RATINGS[answers.rating]!.id },
  ];
  if (answers.seals !== undefined)
    values.push({ form_field_id: FIELD.seals, value_number: answers.seals });
  if (answers.product) values.push({ form_field_id: FIELD.product, value_string: answers.product });
  if (answers.photographed !== undefined)
    values.push({ form_field_id: FIELD.photographed, value_boolean: answers.photographed });
  if (answers.notes) values.push({ form_field_id: FIELD.notes, value_string: answers.notes });
  return values;
}

type Outcome = 'IN_PROGRESS' | 'SUBMITTED' | 'APPROVED' | 'REJECTED';

/** The demo sheets: which job, where they stand, what the operative answered. */
const SHEETS: Array<{ job: string; outcome: Outcome; answers: Answers; comments?: string }> = [
  {
    job: 'HW-FS-014',
    outcome: 'APPROVED',
    answers: {
      location: 'Level 2, riser cupboard R2.1',
      penetration: 3,
      rating: 1,
      seals: 14,
      product: 'Intumescent sealant',
      photographed: true,
      notes: 'All penetrations sealed both sides; labels fixed to the riser door.',
    },
  },
  {
    job: 'HW-FS-015',
    outcome: 'SUBMITTED',
    answers: {
      location: 'Flats 3 and 4, soil stacks',
      penetration: 0,
      rating: 1,
      seals: 4,
      product: 'Fire collar 110 mm',
      photographed: true,
    },
  },
  {
    job: 'HW-FS-015',
    outcome: 'REJECTED',
    answers: {
      location: 'Flats 5 and 6, soil stacks',
      penetration: 0,
      rating: 0,
      seals: 3,
      product: 'Fire collar 110 mm',
      photographed: false,
      notes: 'Flat 6 boxing not yet open; collar fitted from below only.',
    },
    comments:
      'Flat 6 needs its collar from above too, and the stacks are 60-minute walls. Please fit, photograph and resubmit.',
  },
  {
    job: 'HW-FS-016',
    outcome: 'IN_PROGRESS',
    answers: {
      location: 'East corridor, compartment wall C3',
      penetration: 1,
      rating: 2,
      product: 'Mineral wool batt',
    },
  },
];

/** A context for the demo manager, who decides at the approval stage. */
function managerContext(admin: OrganisationContext, manager: AuthUser): OrganisationContext {
  return {
    ...admin,
    user: manager,
    membership: { id: null, role: 'MANAGER', owner: false, guest: false },
  };
}

/** Approves the sheets at each of their project's stages in turn (declarations accepted). */
async function approveThroughStages(ctx: OrganisationContext, ids: string[]) {
  const failed: Array<{ reason: string }> = [];
  let waiting = ids;
  while (waiting.length) {
    const result = await declaredItemsAction(jobSheetsResource, 'approve')(
      ctx,
      null,
      waiting.map((id) => ({ id, body: { declaration_accepted: true } })),
    );
    failed.push(...result.failed);
    const { rows } = await ctx.db.query<{ id: string }>(
      `SELECT id FROM job_sheets WHERE organisation_id = $1 AND id = ANY($2::text[])
          AND status = 'SUBMITTED'`,
      [ctx.organisationId, result.done],
    );
    waiting = rows.map((row) => row.id);
  }
  return { failed };
}

/**
 * Job sheets on the demo's Holbeck jobs, written as the API writes them (numbered, audited,
 * taken through submit, approve and reject): one in progress, one waiting at the project's first
 * approval stage, one approved and one rejected with the manager's comments (the operative's
 * inbox shows it). The demo organisation turns approvals on and its form asks for them, with
 * fields to answer.
 */
export async function seedDemoJobSheets(ctx: OrganisationContext, people: { managerId: string }) {
  const { rows: forms } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM forms WHERE organisation_id = $1 AND name = $2`,
    [ctx.organisationId, FORM_NAME],
  );
  const formId = forms[0]?.id;
  if (!formId) return;
  await updateOptions(ctx, { options: { features: { approvals: true } } });
  await saveWholeForm(ctx, formId, {
    name: FORM_NAME,
    approval_required: true,
    sections: FORM_SECTIONS,
  });

  const { rows: jobs } = await ctx.db.query<{ id: string; reference: string }>(
    `SELECT id, reference FROM jobs WHERE organisation_id = $1 AND $2 = ANY(form_ids)`,
    [ctx.organisationId, formId],
  );
  const jobIds = new Map(jobs.map((job) => [job.reference, job.id]));
  const sheets = SHEETS.filter((sheet) => jobIds.has(sheet.job));
  const ids = await writer(jobSheetsResource).insert(
    ctx,
    sheets.map((sheet) =>
      jobSheetCreateSchema.parse({
        job_id: jobIds.get(sheet.job),
        form_id: formId,
        field_values: fieldValues(sheet.answers),
      }),
    ),
  );
  const having = (...outcomes: Outcome[]) =>
    sheets.flatMap((sheet, index) => (outcomes.includes(sheet.outcome) ? [ids[index]!] : []));

  const submitted = await declaredAction(jobSheetsResource, 'submit')(
    ctx,
    null,
    having('SUBMITTED', 'APPROVED', 'REJECTED'),
    {},
  );
  if (submitted.failed[0]) throw new Error(`Demo job sheet: ${submitted.failed[0].reason}`);

  const { rows: managers } = await ctx.db.query<AuthUser>(
    'SELECT id, name, email FROM users WHERE id = $1',
    [people.managerId],
  );
  const manager = managerContext(ctx, managers[0]!);
  // One approval per stage, until the last stage's approval leaves the sheet APPROVED.
  const approved = await approveThroughStages(manager, having('APPROVED'));
  const rejected = await declaredItemsAction(jobSheetsResource, 'reject')(
    manager,
    null,
    sheets.flatMap((sheet, index) =>
      sheet.comments ? [{ id: ids[index]!, body: { comments: sheet.comments } }] : [],
    ),
  );
  const failed = [...approved.failed, ...rejected.failed][0];
  if (failed) throw new Error(`Demo job sheet: ${failed.reason}`);
}
