import { beforeAll, describe, expect, it } from 'vitest';
import { organisationApp } from '../../../test/harness';

const { org } = organisationApp('Job Dates Org');

beforeAll(async () => {
  const projectId = (await org.api.post('/projects', { name: 'Depot' })).body.data.id;
  for (const [reference, date] of [
    ['Monday', '2026-03-02'],
    ['Wednesday', '2026-03-04'],
    ['Sunday', '2026-03-08'],
    ['Next Monday', '2026-03-09'],
    ['Undated', null],
  ] as const) {
    const reply = await org.api.post('/jobs', { project_id: projectId, reference, date });
    expect(reply.status).toBe(201);
  }
});

const references = async (query: string) =>
  (await org.api.get(`/jobs?${query}&sort=date&page=all`)).body.data.map(
    (job: { reference: string }) => job.reference,
  );

describe('the jobs date range filters', () => {
  it('keeps the jobs from date_from to date_to, both days included', async () => {
    expect(await references('filter[date_from]=2026-03-02&filter[date_to]=2026-03-08')).toEqual([
      'Monday',
      'Wednesday',
      'Sunday',
    ]);
    expect(await references('filter[date_from]=2026-03-04')).toEqual([
      'Wednesday',
      'Sunday',
      'Next Monday',
    ]);
    expect(await references('filter[date_to]=2026-03-03')).toEqual(['Monday']);
  });

  it('refuses a bound that is not one date with 400', async () => {
    for (const value of ['tomorrow', '2026-02-30x', '2026-03-01,2026-03-02']) {
      const reply = await org.api.get(`/jobs?filter[date_from]=${value}`);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toContain('filter[date_from]');
    }
    expect((await org.api.get('/jobs?filter[date_to]=soon')).status).toBe(400);
  });
});
