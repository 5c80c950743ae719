import { describe, expect, it } from 'vitest';
import { createOrganisation } from '../../../test/harness';
import { sheetSceneApp, submittedSheet } from '../../../test/fixtures/job-sheets';

const { test, scene } = sheetSceneApp('Notices Org');

interface Row {
  kind: string;
  title: string;
  body: string | null;
  link: string;
}

/** The notices a person has been given so far (the queue delivers them in the background). */
async function noticesOf(userId: string, kind: string, count = 1): Promise<Row[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await test.platform.db.query<Row>(
      `SELECT kind, title, body, link FROM notifications WHERE user_id = $1 AND kind = $2
        ORDER BY created_at`,
      [userId, kind],
    );
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function emailsTo(address: string, subject: RegExp, count = 1) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await test.platform.db.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM outbox_emails WHERE to_address = $1 ORDER BY created_at`,
      [address],
    );
    const matching = rows.filter((row) => subject.test(row.subject));
    if (matching.length >= count || Date.now() > deadline) return matching;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('notifications', () => {
  it('tells the operative of a job assigned and rescheduled, in the app and by e-mail, with a link', async () => {
    // The scene's job was created for the operative by the owner.
    const [assigned] = await noticesOf(scene.operative.userId, 'job_assigned');
    expect(assigned).toMatchObject({
      title: expect.stringMatching(/^Job \d+ is assigned to you$/),
      link: `/organisations/${scene.org.slug}/jobs/${scene.jobId}`,
    });
    const [mail] = await emailsTo(scene.operative.email, /is assigned to you/);
    expect(mail!.text_body).toContain(
      `http://localhost:3000/organisations/${scene.org.slug}/jobs/${scene.jobId}`,
    );

    const moved = await scene.manager.orgApi.post(`/jobs/${scene.jobId}/reschedule`, {
      date: '2026-11-30',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [rescheduled] = await noticesOf(scene.operative.userId, 'job_rescheduled');
    // Nothing raw reaches a person: the day in words, never an ISO date.
    expect(rescheduled!.title).toMatch(/is moved to Monday, 30 November 2026$/);
    expect(JSON.stringify(rescheduled)).not.toContain('2026-11-30');
    // Whoever made the change is not told of it.
    const { rows: own } = await test.platform.db.query(
      `SELECT 1 FROM notifications WHERE user_id = $1`,
      [scene.manager.userId],
    );
    expect(own).toHaveLength(0);
  });

  it('tells the approvers of a submitted sheet, the next stage’s, and the operative of a rejection with its comment', async () => {
    const sheet = await submittedSheet(scene);
    const [submitted] = await noticesOf(scene.approver.userId, 'job_sheet_submitted');
    expect(submitted).toMatchObject({
      title: `Job sheet ${sheet.number} (Door inspection) is submitted for your approval`,
      link: `/organisations/${scene.org.slug}/job_sheets/${sheet.id}`,
    });

    const first = await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {
      declaration_accepted: true,
    });
    expect(first.status).toBe(200);
    // The second stage names no one: managers and admins approve it, so they are told.
    const [waiting] = await noticesOf(scene.manager.userId, 'approval_stage_waiting');
    expect(waiting!.title).toBe(
      `Job sheet ${sheet.number} (Door inspection) waits for your approval at Client sign-off`,
    );

    const rejected = await scene.manager.orgApi.post(`/job_sheets/${sheet.id}/reject`, {
      comments: 'The hinge photo is missing',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const [notice] = await noticesOf(scene.operative.userId, 'job_sheet_rejected');
    expect(notice!.body).toMatch(/wrote: “The hinge photo is missing”$/);
    const [mail] = await emailsTo(scene.operative.email, /is rejected/);
    expect(mail!.text_body).toContain('The hinge photo is missing');
    expect(mail!.text_body).toContain(`/organisations/${scene.org.slug}/job_sheets/${sheet.id}`);
  });

  it('follows each person’s choice per kind and channel (PUT /me/preferences)', async () => {
    const api = scene.operative.api;
    const initial = await api.get(`/me/preferences?organisation_id=${scene.org.id}`);
    expect(initial.status).toBe(200);
    expect(initial.body.preferences.notifications.job_sheet_approved).toEqual({
      email: true,
      in_app: true,
    });
    const bad = await api.put('/me/preferences', {
      organisation_id: scene.org.id,
      notifications: { job_sheet_approved: { email: 'no', sms: true }, job_done: {} },
    });
    expect(bad.status).toBe(422);
    const fields = (bad.body.errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual([
      'notifications.job_done',
      'notifications.job_sheet_approved.email',
      'notifications.job_sheet_approved.sms',
    ]);
    const changed = await api.put('/me/preferences', {
      organisation_id: scene.org.id,
      notifications: { job_sheet_approved: { email: false } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.preferences.notifications.job_sheet_approved).toEqual({
      email: false,
      in_app: true,
    });
    // Other preferences and other kinds are kept.
    expect(changed.body.preferences.notifications.job_assigned).toEqual({
      email: true,
      in_app: true,
    });

    const sheet = await submittedSheet(scene);
    await scene.approver.orgApi.post(`/job_sheets/${sheet.id}/approve`, {
      declaration_accepted: true,
    });
    await scene.manager.orgApi.post(`/job_sheets/${sheet.id}/approve`, {});
    const [approved] = await noticesOf(scene.operative.userId, 'job_sheet_approved');
    expect(approved!.link).toContain(sheet.id);
    // The in-app row and the e-mail are written in one transaction: none was.
    const { rows: mails } = await test.platform.db.query(
      `SELECT 1 FROM outbox_emails WHERE to_address = $1 AND subject LIKE '%is approved'`,
      [scene.operative.email],
    );
    expect(mails).toHaveLength(0);
  });

  it('lists one’s own notices with the unread count, marks them read, and shows no one else’s', async () => {
    await noticesOf(scene.operative.userId, 'job_assigned');
    const list = await scene.operative.orgApi.get('/notifications');
    expect(list.status).toBe(200);
    expect(list.body.meta.unread).toBeGreaterThan(0);
    expect(list.body.data[0]).toMatchObject({ read_at: null });
    expect(list.body.data.every((n: Row) => !/[A-Z]+_[A-Z]+/.test(n.title))).toBe(true);

    const one = list.body.data[0].id as string;
    // Another member cannot mark the operative's notice read, nor see it.
    const foreign = await scene.approver.orgApi.post('/notifications/mark_read', { ids: [one] });
    expect(foreign.body.marked).toBe(0);
    const theirs = await scene.approver.orgApi.get('/notifications?page[size]=100');
    expect(theirs.body.data.map((n: { id: string }) => n.id)).not.toContain(one);
    // Another organisation's member sees none of them.
    const other = await createOrganisation(test.app, 'Elsewhere');
    const elsewhere = await other.api.get('/notifications');
    expect(elsewhere.body.meta.total).toBe(0);

    const marked = await scene.operative.orgApi.post('/notifications/mark_read', { ids: [one] });
    expect(marked.body.marked).toBe(1);
    const unknown = await scene.operative.orgApi.post('/notifications/mark_read', { all: true });
    expect(unknown.status).toBe(422);
    const all = await scene.operative.orgApi.post('/notifications/mark_read', {});
    expect(all.body.unread).toBe(0);
    const counts = await scene.operative.orgApi.get('/notifications?page[size]=0');
    expect(counts.body).toMatchObject({ data: [], meta: { unread: 0 } });
  });
});
