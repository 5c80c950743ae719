import { describe, expect, it } from 'vitest';
import { addMember, createOrganisation } from '../../../../test/harness';
import { sheetSceneApp, submittedSheet } from '../../../../test/fixtures/job-sheets';
import { dailyDigestsJob } from './daily-digests.job';

const { test, scene } = sheetSceneApp('Digest Org');

interface Mail {
  to_address: string;
  subject: string;
  text_body: string;
}

const digests = async () =>
  (
    await test.platform.db.query<Mail>(
      `SELECT to_address, subject, text_body FROM outbox_emails
        WHERE subject LIKE 'Your day at %' ORDER BY created_at`,
    )
  ).rows;

/** Runs the hourly job now, for the organisations whose local hour this is, and waits for it. */
async function runDigests() {
  const hour = new Date().getUTCHours();
  const taskId = await test.platform.db.transaction((tx) =>
    test.platform.queue.enqueue({ db: tx, afterCommit: () => undefined }, dailyDigestsJob, {
      hour,
    }),
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await test.platform.db.query<{ status: string }>(
      'SELECT status FROM background_tasks WHERE id = $1',
      [taskId],
    );
    if (rows[0]?.status === 'SUCCEEDED' || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // …and the digests it enqueued: each leaves a daily_digests row, sent or not.
  const wanted = await test.platform.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM background_tasks
      WHERE kind = 'send-daily-digest' AND status NOT IN ('SUCCEEDED', 'FAILED', 'DEAD')`,
  );
  for (let left = wanted.rows[0]!.n; left > 0 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = (
      await test.platform.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM background_tasks
          WHERE kind = 'send-daily-digest' AND status NOT IN ('SUCCEEDED', 'FAILED', 'DEAD')`,
      )
    ).rows[0]!.n;
  }
}

describe('the daily digest', () => {
  it('is scheduled on the queue, once however many processes start', async () => {
    const schema = test.platform.config.queueSchema;
    const { rows } = await test.platform.db.query<{ name: string; cron: string }>(
      `SELECT name, cron FROM ${schema}.schedule ORDER BY name`,
    );
    expect(rows).toEqual([{ name: 'daily-digests', cron: '5 * * * *' }]);
  });

  it('is a preference of one’s own, refused with each bad field named', async () => {
    const bad = await scene.manager.api.put('/me/preferences', {
      organisation_id: scene.org.id,
      daily_digest: 'yes',
      digest: true,
    });
    expect(bad.status).toBe(422);
    const fields = (bad.body.errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(['daily_digest', 'digest']);
    const off = await scene.manager.api.get(`/me/preferences?organisation_id=${scene.org.id}`);
    expect(off.body.preferences.daily_digest).toBe(false);
    const on = await scene.manager.api.put('/me/preferences', {
      organisation_id: scene.org.id,
      daily_digest: true,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.preferences.daily_digest).toBe(true);
    // The notice choices are kept.
    expect(on.body.preferences.notifications.job_assigned).toEqual({ email: true, in_app: true });
  });

  it('e-mails each manager who chose it one summary of yesterday with links, once, and no one else', async () => {
    // An operative may tick it too, but the digest is for managers.
    await scene.operative.api.put('/me/preferences', {
      organisation_id: scene.org.id,
      daily_digest: true,
    });
    // A manager elsewhere chose it, but nothing happened there.
    const quiet = await createOrganisation(test.app, 'Quiet Org');
    const quietManager = await addMember(test, quiet, 'MANAGER');
    await quietManager.api.put('/me/preferences', {
      organisation_id: quiet.id,
      daily_digest: true,
    });

    // Yesterday: two sheets submitted, one of them rejected. Today: the job is due.
    const waiting = await submittedSheet(scene);
    const rejected = await submittedSheet(scene);
    const refused = await scene.manager.orgApi.post(`/job_sheets/${rejected.id}/reject`, {
      comments: 'Photos missing',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    await test.platform.db.query(
      `UPDATE job_sheets SET submitted_at = submitted_at - interval '1 day',
              rejected_at = rejected_at - interval '1 day'
        WHERE organisation_id = $1`,
      [scene.org.id],
    );
    const today = new Date().toISOString().slice(0, 10);
    const due = await scene.manager.orgApi.post(`/jobs/${scene.jobId}/reschedule`, { date: today });
    expect(due.status, JSON.stringify(due.body)).toBe(200);

    await runDigests();
    const sent = await digests();
    expect(sent.map((mail) => mail.to_address)).toEqual([scene.manager.email]);
    const [mail] = sent;
    expect(mail!.subject).toMatch(/^Your day at Digest Org: \w+day, \d+ \w+ \d{4}$/);
    const base = `http://localhost:3000/organisations/${scene.org.slug}`;
    expect(mail!.text_body).toContain('Submitted: 2 job sheets');
    expect(mail!.text_body).toContain('Rejected: 1 job sheet\n');
    expect(mail!.text_body).toContain('Waiting for your approval: 1 job sheet\n');
    expect(mail!.text_body).toContain('Due today: 1 job\n');
    expect(mail!.text_body).toContain(`${base}/job_sheets/${waiting.id}`);
    expect(mail!.text_body).toContain(`${base}/job_sheets/${rejected.id}`);
    expect(mail!.text_body).toContain(`${base}/jobs/${scene.jobId}`);
    expect(mail!.text_body).toMatch(/Job sheet \d+ \(Door inspection\), job \d+/);
    expect(mail!.text_body).not.toContain('Approved:');

    // The quiet manager's day was made, and nothing sent.
    const { rows: made } = await test.platform.db.query<{ sent: boolean }>(
      `SELECT sent_at IS NOT NULL AS sent FROM daily_digests WHERE user_id = $1`,
      [quietManager.userId],
    );
    expect(made).toEqual([{ sent: false }]);

    // Run again (a second process, a retry): no one is told twice.
    await runDigests();
    expect(await digests()).toHaveLength(1);
  });
});
