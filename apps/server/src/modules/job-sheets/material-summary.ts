import {
  idSchema,
  jobMaterialSummarySchema,
  MATERIAL_MEASURES,
  type JobMaterialSummary,
  type MaterialPrice,
  type RateTotal,
} from '@fieldwork/contract';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { route, type RouteDef } from '../../platform/http/route';
import type { OrganisationContext } from '../../platform/http/context';
import { Params, reader } from '../../platform/resource-kit';
import { jobsResource } from '../jobs';
import { jobSheetVisibility } from './access';

/**
 * The materials of a job's sheets the caller sees, summed per material (its current name when it
 * is one of the organisation's materials, else the name typed on the sheet) and input type: each
 * measure, the charged measure, and the prices per rate group as last worked out.
 */
export async function jobMaterialSummary(
  ctx: OrganisationContext,
  jobId: string,
): Promise<JobMaterialSummary[]> {
  const params = new Params();
  const visible = jobSheetVisibility(ctx, params);
  const sums = MATERIAL_MEASURES.map((measure) => `sum(x.${measure})::float8 AS ${measure}`);
  const { rows } = await ctx.db.query<JobMaterialSummary & { all_rates: MaterialPrice[][] }>(
    `SELECT x.material_id, coalesce(m.name, x.material_name) AS material_name,
            x.material_input_type_key, count(*)::int AS count, ${sums.join(', ')},
            coalesce(sum(x.measure), 0)::float8 AS measure, jsonb_agg(x.rates) AS all_rates
       FROM job_sheet_materials x
       JOIN job_sheets t ON t.organisation_id = x.organisation_id AND t.id = x.job_sheet_id
       LEFT JOIN materials m ON m.organisation_id = x.organisation_id AND m.id = x.material_id
      WHERE x.organisation_id = ${params.add(ctx.organisationId)}
        AND t.job_id = ${params.add(jobId)} AND t.status <> 'CANCELLED'${visible ? ` AND (${visible})` : ''}
      GROUP BY x.material_id, coalesce(m.name, x.material_name), x.material_input_type_key
      ORDER BY lower(coalesce(m.name, x.material_name)), x.material_input_type_key, x.material_id`,
    params.values,
  );
  return rows.map(({ all_rates, ...line }) => {
    const rates = sumRates(all_rates);
    return { ...line, rates, price: rates[0]?.price ?? null };
  });
}

/** Prices summed per rate group, the groups in the order the sheets' rates list them. */
function sumRates(lists: MaterialPrice[][]): RateTotal[] {
  const totals = new Map<string, RateTotal>();
  for (const list of lists)
    for (const rate of list) {
      const total = totals.get(rate.material_rate_group_id);
      if (total) total.price += rate.price;
      else
        totals.set(rate.material_rate_group_id, {
          material_rate_group_id: rate.material_rate_group_id,
          material_rate_group_name: rate.material_rate_group_name,
          price: rate.price,
        });
    }
  return [...totals.values()];
}

const jobs = reader(jobsResource);

/** GET /jobs/{id}/material_summary: served by job sheets, whose materials it sums. */
export const materialSummaryRoute = (): RouteDef =>
  route({
    method: 'GET',
    path: '/jobs/:id/material_summary',
    access: 'organisation',
    minRole: jobsResource.access.read,
    tags: ['Job'],
    summary:
      "The materials used on the job's sheets the caller sees (not cancelled ones), summed per material and input type",
    params: z.object({ id: idSchema }),
    response: z.object({ data: z.array(jobMaterialSummarySchema) }),
    handler: async (ctx, { params }) => {
      const [job] = await jobs.findMany(ctx, [params.id]);
      if (!job) throw notFound('Job');
      return { data: await jobMaterialSummary(ctx, params.id) };
    },
  });
