import { expect, it } from 'vitest';
import { client, demoApp } from '../../../test/harness';
import { DEMO_PASSWORD } from '../../seed/demo';

const { test, api } = demoApp();

interface Sheet {
  id: string;
  number: number;
  seq_number: number;
  status: string;
  job_id: string;
  operative_name: string;
  approval_required: boolean;
  current_approval_stage_id: string | null;
}

async function signIn(email: string) {
  const token = (await client(test.app).post('/auth/web', { email, password: DEMO_PASSWORD })).body
    .accessToken as string;
  const context = (await client(test.app, token).get('/me/context')).body as {
    organisations: Array<{ id: string; name: string }>;
  };
  const demo = context.organisations.find((o) => o.name === 'Demo Construction Ltd')!;
  return client(test.app, token, `/organisations/${demo.id}`);
}

it('seeds job sheets in progress, awaiting approval, approved and rejected, with answers', async () => {
  const sheets = (await api.get('/job_sheets?page=all&sort=number')).body.data as Sheet[];
  expect(sheets.map((sheet) => sheet.status)).toEqual([
    'APPROVED',
    'SUBMITTED',
    'REJECTED',
    'IN_PROGRESS',
  ]);
  expect(sheets.map((sheet) => sheet.number)).toEqual([1, 2, 3, 4]);
  expect(new Set(sheets.map((sheet) => sheet.operative_name))).toEqual(new Set(['Olly Operative']));
  const [approved, waiting, rejected, open] = sheets as [Sheet, Sheet, Sheet, Sheet];
  expect(waiting.job_id).toBe(rejected.job_id);
  expect([waiting.seq_number, rejected.seq_number]).toEqual([1, 2]);

  const project = (await api.get('/projects?filter[name]=Holbeck Works fire stopping')).body
    .data[0] as { id: string };
  const stages = (await api.get(`/projects/${project.id}/approval_stages`)).body.data as Array<{
    id: string;
  }>;
  expect(waiting).toMatchObject({
    approval_required: true,
    current_approval_stage_id: stages[0]!.id,
  });
  expect(approved.current_approval_stage_id).toBeNull();

  const detail = (await api.get(`/job_sheets/${rejected.id}`)).body.data as {
    field_values: Array<{ name: string; value_string: string | null; value_number: number | null }>;
    approvals: Array<{ decision: string; comments: string | null; user_name: string }>;
  };
  const location = detail.field_values.find((value) => value.name === 'Location')!;
  expect(location.value_string).toBe('Flats 5 and 6, soil stacks');
  expect(detail.field_values.find((value) => value.name === 'Seals installed')!.value_number).toBe(
    3,
  );
  expect(detail.approvals).toEqual([
    expect.objectContaining({
      decision: 'REJECTED',
      user_name: 'Mia Manager',
      comments: expect.stringContaining('resubmit'),
    }),
  ]);
  for (const sheet of [approved, waiting, rejected]) {
    const valid = (await api.post(`/job_sheets/${sheet.id}/validate`, {})).body.data;
    expect(valid).toMatchObject({ valid: true });
  }
  const { rows: history } = await test.platform.db.query<{
    action: string;
    performed_by_user_id: string;
  }>(
    `SELECT action, performed_by_user_id FROM audit_entries
      WHERE collection_name = 'job_sheets' AND document_id = $1 ORDER BY action`,
    [approved.id],
  );
  expect(history.map((entry) => entry.action)).toEqual(['APPROVE', 'CREATE', 'SUBMIT']);
  expect(open.status).toBe('IN_PROGRESS');
});

it("shows the rejected sheet in the operative's inbox and the waiting one in the manager's", async () => {
  const sheets = (await api.get('/job_sheets?page=all')).body.data as Sheet[];
  const byStatus = new Map(sheets.map((sheet) => [sheet.status, sheet.id]));
  const operative = (await (await signIn('operative@fieldwork.local')).get('/inbox')).body;
  expect(operative.rejected.data.map((sheet: Sheet) => sheet.id)).toEqual([
    byStatus.get('REJECTED'),
  ]);
  const manager = (await (await signIn('manager@fieldwork.local')).get('/inbox')).body;
  expect(manager.awaiting_approval.data.map((sheet: Sheet) => sheet.id)).toEqual([
    byStatus.get('SUBMITTED'),
  ]);
});
