import { MAX_QUEUED_IMPORT_BYTES, SYNC_IMPORT_BYTES } from '@fieldwork/contract';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganisation,
  getFile,
  startTestApp,
  type OrganisationFixture,
  type Reply,
  type TestApp,
} from '../../../test/harness';
import { multipartBody, sendMultipart } from '../../modules/people/people-testing';

/**
 * Imports over SYNC_IMPORT_BYTES run on the work queue: 202 with a task the caller polls, all
 * rows or none, and a run that fails midway writes nothing and is retried whole.
 */
let test: TestApp;
let org: OrganisationFixture;
beforeAll(async () => {
  test = await startTestApp();
  org = await createOrganisation(test.app, 'Queued Imports Org');
  await org.api.post('/projects', { name: 'Tower', reference: 'TW-1' });
});
afterAll(() => test.close());

const padding = 'Bring the keys from the site office and sign in at the gate. '.repeat(8);

/** A jobs CSV of `count` rows, each long enough that 600 rows are over SYNC_IMPORT_BYTES. */
function jobsCsv(count: number, prefix: string, bad: number[] = []) {
  const lines = ['Reference,Project,Instructions'];
  for (let index = 1; index <= count; index += 1) {
    lines.push(`${prefix}-${index},${bad.includes(index) ? 'Nowhere' : 'TW-1'},${padding}`);
  }
  return lines.join('\n');
}

async function postCsv(csv: string): Promise<Reply> {
  const response = await test.app.inject({
    method: 'POST',
    url: `/organisations/${org.id}/import_file/jobs_csv/import`,
    payload: csv,
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${org.owner.token}` },
  });
  return { status: response.statusCode, body: response.json<unknown>(), headers: response.headers };
}

async function settled(taskId: string, until = ['SUCCEEDED', 'FAILED', 'DEAD']) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const task = (await org.api.get(`/background_tasks/${taskId}`)).body.data;
    if (until.includes(task.status) || Date.now() > deadline) return task;
    await new Promise((done) => setTimeout(done, 200));
  }
}

const countWithPrefix = async (prefix: string) =>
  (
    await test.platform.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM jobs WHERE organisation_id = $1 AND reference LIKE $2`,
      [org.id, `${prefix}-%`],
    )
  ).rows[0]!.count;

describe('queued imports', () => {
  it('imports a large file on the queue, with a progress row to poll', async () => {
    const csv = jobsCsv(600, 'BIG');
    expect(Buffer.byteLength(csv)).toBeGreaterThan(SYNC_IMPORT_BYTES);
    const answer = await postCsv(csv);
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ status: 'QUEUED', size: Buffer.byteLength(csv) });
    const task = await settled(answer.body.task_id);
    expect(task).toMatchObject({
      kind: 'import-csv',
      status: 'SUCCEEDED',
      progress: { done: 600, total: 600 },
    });
    expect(task.result.created).toBe(600);
    expect(task.result.ids).toHaveLength(600);
    expect(await countWithPrefix('BIG')).toBe(600);
    const { rows } = await test.platform.db.query(
      'SELECT created_count FROM import_runs WHERE task_id = $1',
      [answer.body.task_id],
    );
    expect(rows).toEqual([{ created_count: 600 }]);
    // its file is kept with its imported file's record, named by the task
    const record = (await org.api.get('/imported_files?filter[type]=JOBS_CSV')).body.data.find(
      (row: { created_count: number }) => row.created_count === 600,
    );
    expect(record).toMatchObject({
      collection_name: 'jobs',
      name: 'upload.csv',
      file: { size: Buffer.byteLength(csv) },
    });
    const file = await getFile(test.app, record.file.url);
    expect(file.body).toBe(csv);
  }, 120_000);

  it('keeps a small file in the request (201), as before', async () => {
    const answer = await postCsv(jobsCsv(3, 'SMALL'));
    expect(answer.status).toBe(201);
    expect(answer.body.created).toBe(3);
  });

  it('writes none of a large file with a rejected row: the task FAILED with the 422 body', async () => {
    const answer = await sendMultipart(
      test,
      org.owner.token,
      'POST',
      `/organisations/${org.id}/import_file/jobs_csv/import`,
      multipartBody({}, [
        { field: 'file', name: 'jobs.csv', type: 'text/csv', content: jobsCsv(700, 'REJ', [650]) },
      ]),
    );
    expect(answer.status).toBe(202);
    const task = await settled(answer.body.task_id);
    expect(task.status).toBe('FAILED');
    expect(task.attempts).toBe(1);
    expect(task.result).toMatchObject({ status: 422, type: 'Validation Failure' });
    expect(task.result.errors[0].field).toBe('rows.651.project');
    expect(await countWithPrefix('REJ')).toBe(0);
  }, 120_000);

  it('writes nothing when a run fails midway, and retries it whole: every row exactly once', async () => {
    const db = test.platform.db;
    // the INSERT of the jobs fails part-way through its rows, as a crash would interrupt it
    await db.exec(`
      CREATE FUNCTION fail_row_450() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.reference = 'MID-450' THEN RAISE EXCEPTION 'simulated crash'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER fail_row_450 BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION fail_row_450();
    `);
    const answer = await postCsv(jobsCsv(600, 'MID'));
    expect(answer.status).toBe(202);
    const failed = await settled(answer.body.task_id, ['RETRYING', 'SUCCEEDED', 'DEAD']);
    expect(failed.status).toBe('RETRYING');
    expect(failed.error).toContain('simulated crash');
    expect(await countWithPrefix('MID')).toBe(0);

    await db.exec('DROP TRIGGER fail_row_450 ON jobs; DROP FUNCTION fail_row_450();');
    // the retry is due in 30 s; bring it forward
    await db.query(
      `UPDATE ${test.platform.config.queueSchema}.job SET start_after = now()
        WHERE name = 'import-csv' AND state = 'retry'`,
    );
    const done = await settled(answer.body.task_id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    expect(await countWithPrefix('MID')).toBe(600);
  }, 120_000);

  it('refuses a body over the limit while it streams, with a 413', async () => {
    const huge = `Reference,Project\n${'x'.repeat(MAX_QUEUED_IMPORT_BYTES)}\n`;
    const answer = await postCsv(huge);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'file_too_large' });
  });

  it('answers a streamed upload over the limit with a 413 on a real connection, not a reset', async () => {
    const address = new URL(await test.app.listen({ port: 0, host: '127.0.0.1' }));
    const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
      const call = request(
        {
          host: address.hostname,
          port: address.port,
          method: 'POST',
          path: `/organisations/${org.id}/import_file/jobs_csv/import`,
          agent: false, // one connection, closed after the answer
          headers: { 'content-type': 'text/csv', authorization: `Bearer ${org.owner.token}` },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => done({ status: response.statusCode ?? 0, body: text }));
        },
      );
      call.on('error', fail);
      // chunked, no Content-Length: the limit can only be found while streaming
      call.write('Reference,Project\n');
      const chunk = Buffer.alloc(256 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent <= MAX_QUEUED_IMPORT_BYTES + 2 * 1024 * 1024) {
          sent += chunk.length;
          if (!call.write(chunk)) return void call.once('drain', pump);
        }
        call.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'file_too_large' });
  });
});
