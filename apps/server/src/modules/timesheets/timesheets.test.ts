import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  getFile,
  organisationApp,
  type Client,
  type OrgMember,
} from '../../../test/harness';
import { newId } from '../../platform/ids';
import { addProject, auditActions } from '../people/people-testing';
import { pdfPages } from '../reports/reports-testing';

const {
  test,
  org,
  other,
  members: { manager, operative, colleague },
} = organisationApp('Timesheets Org', {
  other: 'Other Timesheets Org',
  members: { manager: 'MANAGER', operative: 'OPERATIVE', colleague: 'OPERATIVE' },
});

const fields = (body: { errors: Array<{ field: string }> }) =>
  body.errors.map((error) => error.field).sort();

/** A member's open entry, ended whatever it is (tests start from a member off the clock). */
async function offTheClock(member: OrgMember) {
  await member.orgApi.post('/timesheets/end', {});
}

/** A manual entry of `hours` starting at `start` (ISO), for `userId`, by the manager. */
async function manual(userId: string, start: string, minutes: number, extra = {}) {
  const started = new Date(start);
  const created = await manager.orgApi.post('/timesheets', {
    user_id: userId,
    started_at: started.toISOString(),
    ended_at: new Date(started.getTime() + minutes * 60_000).toISOString(),
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; duration: number; duration_formatted: string };
}

/** A duration cell as days (exceljs reads a number formatted as time as a Date from 1899-12-30). */
const days = (value: unknown) =>
  value instanceof Date ? (value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(value);

async function finished(api: Client, id: string) {
  const read = async () => (await api.get(`/reports/${id}`)).body.data as { status: string };
  await expect.poll(async () => (await read()).status, { timeout: 60_000 }).toMatch(/READY|FAILED/);
  return read();
}

describe('timesheets: start, end and revert', () => {
  it('starts and ends the caller’s time with the location when allowed', async () => {
    await offTheClock(operative);
    const projectId = await addProject(test, org, 'Clock Project');
    const started = await operative.orgApi.post('/timesheets/start', {
      project_id: projectId,
      location_permission_granted: true,
      location: { latitude: 51.5, longitude: -0.12, accuracy: 12 },
    });
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({
      user_id: operative.userId,
      user_name: 'OPERATIVE member',
      project_id: projectId,
      project_name: 'Clock Project',
      open: true,
      ended_at: null,
      manual_entry: false,
      started_location_permission_granted: true,
      started_location: { latitude: 51.5, longitude: -0.12, accuracy: 12 },
      created_by_user_id: operative.userId,
    });
    const again = await operative.orgApi.post('/timesheets/start', {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_started');
    expect(again.body.message).toMatch(/already on the clock/);

    const ended = await operative.orgApi.post('/timesheets/end', {
      location_permission_granted: false,
    });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({
      id: started.body.data.id,
      open: false,
      ended_location_permission_granted: false,
      ended_location: null,
    });
    expect(ended.body.data.duration).toBeGreaterThanOrEqual(0);
    expect(ended.body.data.duration_formatted).toMatch(/^\d+h \d\dm$/);
    const none = await operative.orgApi.post('/timesheets/end', {});
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('not_started');
    expect(await auditActions(test, started.body.data.id)).toEqual(['START', 'END']);
  });

  it('refuses a location sent without permission and links of another organisation', async () => {
    await offTheClock(operative);
    const denied = await operative.orgApi.post('/timesheets/start', {
      location_permission_granted: false,
      location: { latitude: 1, longitude: 2 },
    });
    expect(denied.status).toBe(422);
    expect(fields(denied.body)).toEqual(['location']);
    const bad = await operative.orgApi.post('/timesheets/start', {
      location: { latitude: 100, longitude: 2 },
      surprise: true,
    });
    expect(bad.status).toBe(422);
    const foreignProject = await addProject(test, other, 'Foreign');
    const foreign = await operative.orgApi.post('/timesheets/start', {
      project_id: foreignProject,
      site_id: newId(),
    });
    expect(foreign.status).toBe(422);
    expect(fields(foreign.body)).toEqual(['project_id', 'site_id']);
    expect((await operative.orgApi.post('/timesheets/end', {})).status).toBe(409);
  });

  it('lets exactly one of two concurrent starts through', async () => {
    await offTheClock(colleague);
    const answers = await Promise.all([
      colleague.orgApi.post('/timesheets/start', {}),
      colleague.orgApi.post('/timesheets/start', {}),
      colleague.orgApi.post('/timesheets/start', {}),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.code).toBe('already_started');
    }
    const open = await manager.orgApi.get(
      `/timesheets?filter[user_id]=${colleague.userId}&filter[open]=true`,
    );
    expect(open.body.data).toHaveLength(1);
    await offTheClock(colleague);
  });

  it('reverts a start (the entry goes) and an end (it reopens, unless another is open)', async () => {
    await offTheClock(operative);
    const started = await operative.orgApi.post('/timesheets/start', {});
    const id = started.body.data.id;
    const reverted = await operative.orgApi.put(`/timesheets/${id}/revert`, { revert: 'start' });
    expect(reverted.status).toBe(200);
    expect(reverted.body.data).toBeNull();
    expect((await operative.orgApi.get(`/timesheets/${id}`)).status).toBe(404);
    expect(await auditActions(test, id)).toEqual(['START', 'REVERT']);

    const first = await operative.orgApi.post('/timesheets/start', {});
    await operative.orgApi.post('/timesheets/end', {});
    const wrong = await operative.orgApi.put(`/timesheets/${first.body.data.id}/revert`, {
      revert: 'start',
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe('not_open');
    const reopened = await operative.orgApi.put(`/timesheets/${first.body.data.id}/revert`, {
      revert: 'end',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toMatchObject({ open: true, ended_at: null });
    await operative.orgApi.post('/timesheets/end', {});
    await operative.orgApi.post('/timesheets/start', {});
    const clash = await operative.orgApi.put(`/timesheets/${first.body.data.id}/revert`, {
      revert: 'end',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('already_started');
    const badBody = await operative.orgApi.put(`/timesheets/${first.body.data.id}/revert`, {
      revert: 'middle',
    });
    expect(badBody.status).toBe(422);
    expect(fields(badBody.body)).toEqual(['revert']);
    await offTheClock(operative);
  });

  it('lets a manager end a member’s time; an operative only their own', async () => {
    await offTheClock(colleague);
    await colleague.orgApi.post('/timesheets/start', {});
    const byOperative = await operative.orgApi.post('/timesheets/end', {
      user_id: colleague.userId,
    });
    expect(byOperative.status).toBe(403);
    const byManager = await manager.orgApi.post('/timesheets/end', { user_id: colleague.userId });
    expect(byManager.status).toBe(200);
    expect(byManager.body.data.user_id).toBe(colleague.userId);
    const outsider = await manager.orgApi.post('/timesheets/end', {
      user_id: other.owner.userId,
    });
    expect(outsider.status).toBe(422);
  });
});

describe('timesheets: manual entries, overrides and roles', () => {
  it('records manual entries with their duration; 422 for bad times and members', async () => {
    const entry = await manual(colleague.userId, '2026-03-02T08:00:00Z', 7 * 60 + 5);
    expect(entry).toMatchObject({ duration: 25_500, duration_formatted: '7h 05m' });
    const fetched = await manager.orgApi.get(`/timesheets/${entry.id}`);
    expect(fetched.body.data).toMatchObject({
      manual_entry: true,
      created_by_user_id: manager.userId,
      user_id: colleague.userId,
    });
    const backwards = await manager.orgApi.post('/timesheets', {
      started_at: '2026-03-02T10:00:00Z',
      ended_at: '2026-03-02T09:00:00Z',
    });
    expect(backwards.status).toBe(422);
    expect(fields(backwards.body)).toEqual(['ended_at']);
    const outsider = await manager.orgApi.post('/timesheets', {
      user_id: other.owner.userId,
      started_at: '2026-03-02T08:00:00Z',
      ended_at: '2026-03-02T09:00:00Z',
    });
    expect(outsider.status).toBe(422);
    expect(fields(outsider.body)).toEqual(['user_id']);
    const garbage = await manager.orgApi.post('/timesheets', {
      started_at: 'yesterday',
      ended_at: 12,
      manual_entry: false,
    });
    expect(garbage.status).toBe(422);
    const forColleague = await operative.orgApi.post('/timesheets', {
      user_id: colleague.userId,
      started_at: '2026-03-02T08:00:00Z',
      ended_at: '2026-03-02T09:00:00Z',
    });
    expect(forColleague.status).toBe(403);
    const own = await operative.orgApi.post('/timesheets', {
      started_at: '2026-03-02T08:00:00Z',
      ended_at: '2026-03-02T09:00:00Z',
      notes: 'Forgot to clock in',
    });
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({ user_id: operative.userId, manual_entry: true });
  });

  it('lets managers override with a reason; owners edit notes only', async () => {
    const entry = await manual(operative.userId, '2026-03-03T08:00:00Z', 480);
    const noReason = await manager.orgApi.patch(`/timesheets/${entry.id}`, {
      started_at_override: '2026-03-03T07:30:00Z',
    });
    expect(noReason.status).toBe(422);
    expect(fields(noReason.body)).toEqual(['override_reason']);
    const overridden = await manager.orgApi.patch(`/timesheets/${entry.id}`, {
      started_at_override: '2026-03-03T07:30:00Z',
      ended_at_override: '2026-03-03T16:45:00Z',
      override_reason: 'Signed in at the gate',
    });
    expect(overridden.status).toBe(200);
    expect(overridden.body.data).toMatchObject({
      started_at: '2026-03-03T08:00:00.000Z',
      started_at_override: '2026-03-03T07:30:00.000Z',
      effective_started_at: '2026-03-03T07:30:00.000Z',
      started_override_user_id: manager.userId,
      started_override_user_name: 'MANAGER member',
      ended_override_user_id: manager.userId,
      duration: 9 * 3600 + 15 * 60,
      duration_formatted: '9h 15m',
      override_reason: 'Signed in at the gate',
    });
    const backwards = await manager.orgApi.patch(`/timesheets/${entry.id}`, {
      ended_at_override: '2026-03-03T07:00:00Z',
    });
    expect(backwards.status).toBe(422);
    expect(fields(backwards.body)).toEqual(['ended_at_override']);

    const byOwner = await operative.orgApi.patch(`/timesheets/${entry.id}`, {
      started_at_override: '2026-03-03T06:00:00Z',
      override_reason: 'I was early',
    });
    expect(byOwner.status).toBe(403);
    const notes = await operative.orgApi.patch(`/timesheets/${entry.id}`, { notes: 'Gate 3' });
    expect(notes.status).toBe(200);
    expect(notes.body.data.notes).toBe('Gate 3');
    expect((await operative.orgApi.delete(`/timesheets/${entry.id}`)).status).toBe(403);

    const cleared = await manager.orgApi.patch(`/timesheets/${entry.id}`, {
      started_at_override: null,
      ended_at_override: null,
    });
    expect(cleared.body.data).toMatchObject({
      started_at_override: null,
      started_override_user_id: null,
      duration: 480 * 60,
    });
    expect(await auditActions(test, entry.id)).toEqual(['CREATE', 'UPDATE', 'UPDATE', 'UPDATE']);
    expect((await manager.orgApi.delete(`/timesheets/${entry.id}`)).status).toBe(204);
  });

  it('keeps operatives to their own entries', async () => {
    const theirs = await manual(colleague.userId, '2026-03-04T08:00:00Z', 60);
    expect((await operative.orgApi.get(`/timesheets/${theirs.id}`)).status).toBe(404);
    expect((await operative.orgApi.patch(`/timesheets/${theirs.id}`, { notes: 'x' })).status).toBe(
      404,
    );
    const list = await operative.orgApi.get(`/timesheets?filter[user_id]=${colleague.userId}`);
    expect(list.body.data).toEqual([]);
    const guest = await addMember(test, org, 'GUEST');
    expect((await guest.orgApi.get('/timesheets')).status).toBe(403);
    expect((await guest.orgApi.post('/timesheets/start', {})).status).toBe(403);
  });

  it('does not reach another organisation’s entries', async () => {
    const created = await other.api.post('/timesheets', {
      started_at: '2026-03-02T08:00:00Z',
      ended_at: '2026-03-02T09:00:00Z',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await org.api.get(`/timesheets/${id}`)).status).toBe(404);
    expect((await org.api.patch(`/timesheets/${id}`, { notes: 'x' })).status).toBe(404);
    expect((await org.api.delete(`/timesheets/${id}`)).status).toBe(404);
    expect((await org.api.put(`/timesheets/${id}/revert`, { revert: 'end' })).status).toBe(404);
    const listed = await org.api.get(`/timesheets?filter[user_id]=${other.owner.userId}`);
    expect(listed.body.data).toEqual([]);
  });
});

describe('timesheets: list, summary and the Excel report', () => {
  it('filters by period, member and open; sums and formats per day in the summary', async () => {
    const fixture = org;
    const worker = await addMember(test, fixture, 'OPERATIVE');
    await manual(worker.userId, '2026-04-06T08:00:00Z', 90); // Monday
    await manual(worker.userId, '2026-04-06T13:00:00Z', 30);
    await manual(worker.userId, '2026-04-08T08:00:00Z', 60 * 7 + 5); // Wednesday
    await manual(worker.userId, '2026-04-13T08:00:00Z', 60); // next week
    const week = await manager.orgApi.get(
      `/timesheets?filter[user_id]=${worker.userId}&filter[from]=2026-04-06&filter[to]=2026-04-12&sort=effective_started_at`,
    );
    expect(week.body.data.map((e: { duration: number }) => e.duration)).toEqual([
      5400, 1800, 25_500,
    ]);
    const bad = await manager.orgApi.get('/timesheets?filter[from]=soon');
    expect(bad.status).toBe(400);

    const summary = await manager.orgApi.get(
      `/timesheets/summary?week=2026-04-09&user_id=${worker.userId}`,
    );
    expect(summary.status).toBe(200);
    const data = summary.body.data;
    expect(data).toMatchObject({ from: '2026-04-06', to: '2026-04-12' });
    expect(data.dates).toHaveLength(7);
    expect(data.members).toHaveLength(1);
    expect(data.members[0]).toMatchObject({
      user_id: worker.userId,
      total_seconds: 5400 + 1800 + 25_500,
      total_formatted: '9h 05m',
      entries_count: 3,
      open_entry: null,
    });
    expect(data.members[0].days[0]).toEqual({
      date: '2026-04-06',
      seconds: 7200,
      formatted: '2h 00m',
    });
    expect(data.members[0].days[2].formatted).toBe('7h 05m');
    const operativeView = await operative.orgApi.get('/timesheets/summary?week=2026-04-09');
    expect(operativeView.body.data.members.map((m: { user_id: string }) => m.user_id)).toEqual([
      operative.userId,
    ]);
    const backwards = await manager.orgApi.get('/timesheets/summary?from=2026-04-09&to=2026-04-01');
    expect(backwards.status).toBe(422);
  });

  it('builds a timesheets Excel with a sheet per week and totals per member', async () => {
    const worker = await addMember(test, org, 'OPERATIVE');
    const projectId = await addProject(test, org, 'Excel Project');
    await manual(worker.userId, '2026-05-04T08:00:00Z', 60 * 8, { project_id: projectId });
    const second = await manual(worker.userId, '2026-05-12T09:00:00Z', 60);
    await manager.orgApi.patch(`/timesheets/${second.id}`, {
      ended_at_override: '2026-05-12T10:30:00Z',
      override_reason: '=cmd Late finish',
    });
    const bad = await manager.orgApi.post('/reports/build/timesheets_excel', {
      from: '2026-05-10',
      to: '2026-05-01',
      team_id: newId(),
    });
    expect(bad.status).toBe(422);
    expect(fields(bad.body)).toEqual(['to']);
    const unknown = await manager.orgApi.post('/reports/build/timesheets_excel', {
      from: '2026-05-01',
      to: '2026-05-17',
      team_id: newId(),
    });
    expect(unknown.status).toBe(422);
    expect(fields(unknown.body)).toEqual(['team_id']);
    const asked = await manager.orgApi.post('/reports/build/timesheets_excel', {
      from: '2026-05-01',
      to: '2026-05-17',
      user_ids: [worker.userId],
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.kind).toBe('report-timesheets-excel');
    const report = await finished(manager.orgApi, asked.body.data.id);
    expect(report.status).toBe('READY');
    const file = await getFile(test.app, asked.body.url);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names).toEqual(['Week of 4 May 2026', 'Week of 11 May 2026', 'Totals']);
    const first = workbook.getWorksheet('Week of 4 May 2026')!;
    expect(first.getRow(1).getCell(1).value).toBe('Member');
    const row = first.getRow(2);
    expect(row.getCell(1).value).toBe('OPERATIVE member');
    expect((row.getCell(2).value as Date).toISOString().slice(0, 10)).toBe('2026-05-04');
    expect((row.getCell(3).value as Date).toISOString()).toBe('2026-05-04T08:00:00.000Z');
    expect(days(row.getCell(5).value)).toBeCloseTo(8 / 24, 6);
    expect(row.getCell(5).numFmt).toBe('[h]:mm');
    expect(row.getCell(7).value).toBe('Excel Project');
    expect(row.getCell(9).value).toBe('Yes');
    const overridden = workbook.getWorksheet('Week of 11 May 2026')!.getRow(2);
    expect(days(overridden.getCell(5).value)).toBeCloseTo(1.5 / 24, 6);
    expect(overridden.getCell(10).value).toBe('MANAGER member');
    expect(overridden.getCell(11).value).toBe("'=cmd Late finish");
    const totals = workbook.getWorksheet('Totals')!;
    expect(totals.getRow(2).getCell(1).value).toBe('OPERATIVE member');
    expect(days(totals.getRow(2).getCell(4).value)).toBeCloseTo(9.5 / 24, 6);
    expect(totals.getRow(2).getCell(5).value).toBe('9h 30m');
    expect(totals.getRow(2).getCell(6).value).toBe(2);

    const pdf = await manager.orgApi.post('/reports/build/timesheets_pdf', {
      from: '2026-05-01',
      to: '2026-05-17',
      user_ids: [worker.userId],
    });
    expect(pdf.status).toBe(200);
    expect((await finished(manager.orgApi, pdf.body.data.id)).status).toBe('READY');
    const bytes = await getFile(test.app, pdf.body.url);
    expect(bytes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(bytes.rawPayload)).join('\n');
    expect(text).toContain('Timesheet: OPERATIVE member');
    expect(text).toContain('Daily totals');
    expect(text).toContain('Total for the period');
    expect(text).toContain('9h 30m');
    expect(text.replace(/\s+/g, ' ')).toContain('Corrected by MANAGER member');
    expect(text).toContain('Member signature');
    expect(text).toContain('Manager signature');
  });

  it('gives an operative’s report only their own time', async () => {
    const asked = await operative.orgApi.post('/reports/build/timesheets_excel', {
      from: '2026-03-01',
      to: '2026-03-31',
      user_ids: [colleague.userId],
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.options.user_ids).toEqual([operative.userId]);
  });
});
