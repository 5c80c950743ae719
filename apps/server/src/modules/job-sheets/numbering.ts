import type { OrganisationContext } from '../../platform/http/context';

/**
 * The next job sheet number of the organisation and the next sequence number of the job. Each
 * counter row stays locked until the creating transaction ends, so concurrent creates queue on
 * it and numbers have neither gaps nor duplicates (a rolled-back create gives its number back).
 */
export async function nextSheetNumbers(
  ctx: OrganisationContext,
  jobId: string,
): Promise<{ number: number; seq_number: number }> {
  const { rows: numbers } = await ctx.db.query<{ last_number: number }>(
    `INSERT INTO job_sheet_number_counters AS c (organisation_id, last_number) VALUES ($1, 1)
     ON CONFLICT (organisation_id) DO UPDATE SET last_number = c.last_number + 1
     RETURNING last_number`,
    [ctx.organisationId],
  );
  const { rows: seqs } = await ctx.db.query<{ last_seq_number: number }>(
    `INSERT INTO job_sheet_seq_counters AS c (organisation_id, job_id, last_seq_number)
     VALUES ($1, $2, 1)
     ON CONFLICT (organisation_id, job_id) DO UPDATE SET last_seq_number = c.last_seq_number + 1
     RETURNING last_seq_number`,
    [ctx.organisationId, jobId],
  );
  return { number: numbers[0]!.last_number, seq_number: seqs[0]!.last_seq_number };
}
