import { expect, it } from 'vitest';
import { demoApp } from '../../../test/harness';

const { api } = demoApp();

it("seeds today's plans in order for the demo operative, and a visit holding two jobs", async () => {
  const today = new Date().toISOString().slice(0, 10);
  const plans = (
    await api.get(
      `/daily_job_plans?page=all&filter[local_day]=${today}&expand[]=operative&sort=operative_view_order`,
    )
  ).body.data as Array<{
    operative_view_order: number;
    form_ids: string[];
    operative: { email: string };
  }>;
  const operatives = plans.filter((plan) => plan.operative.email === 'operative@fieldwork.local');
  expect(operatives.map((plan) => plan.operative_view_order)).toEqual([0, 1, 2]);
  expect(operatives.every((plan) => plan.form_ids.length === 1)).toBe(true);
  const visits = (await api.get('/visits?page=all')).body.data as Array<{
    id: string;
    job_count: number;
  }>;
  expect(visits).toHaveLength(1);
  expect(visits[0]!.job_count).toBe(2);
  const jobs = (await api.get(`/jobs?page=all&filter[visit_id]=${visits[0]!.id}`)).body.data;
  expect(jobs).toHaveLength(2);
});
