import { expect, it } from 'vitest';
import { client, demoApp } from '../../../test/harness';
import { DEMO_PASSWORD } from '../../seed/demo';

const { test, api } = demoApp();

it('seeds a week of demo jobs in every status, most of them for the demo operative', async () => {
  const jobs = (await api.get('/jobs?page=all&expand[]=operative&sort=date')).body.data as Array<{
    id: string;
    status: string;
    date: string;
    started_at: string | null;
    completed_at: string | null;
    operative: { email: string } | null;
    form_ids: string[];
  }>;
  expect(jobs.length).toBeGreaterThanOrEqual(8);
  expect(new Set(jobs.map((job) => job.status))).toEqual(
    new Set(['AWAITING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']),
  );
  expect(new Set(jobs.map((job) => job.date)).size).toBeGreaterThanOrEqual(4);
  const completed = jobs.find((job) => job.status === 'COMPLETED')!;
  expect(completed.started_at).not.toBeNull();
  expect(completed.completed_at).not.toBeNull();
  expect(jobs.some((job) => job.form_ids.length > 0)).toBe(true);
  const history = await api.get(`/jobs/${completed.id}/activity_logs`);
  expect(history.body.data.map((entry: { action: string }) => entry.action).sort()).toEqual([
    'COMPLETE',
    'CREATE',
    'START',
  ]);

  const signedIn = await client(test.app).post('/auth/web', {
    email: 'operative@fieldwork.local',
    password: DEMO_PASSWORD,
  });
  const token = signedIn.body.accessToken as string;
  const context = (await client(test.app, token).get('/me/context')).body as {
    organisations: Array<{ id: string; name: string }>;
  };
  const demo = context.organisations.find((o) => o.name === 'Demo Construction Ltd')!;
  const operative = client(test.app, token, `/organisations/${demo.id}`);
  const own = (await operative.get('/jobs?page=all')).body.data as unknown[];
  expect(own.length).toBeGreaterThanOrEqual(4);
  expect(own.length).toBeLessThan(jobs.length);
});
