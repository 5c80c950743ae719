import {
  MATERIAL_INPUT_TYPES,
  PRODUCTIVITY_UNIT_MEASURES,
  PRODUCTIVITY_UNIT_OF,
  type MaterialInputTypeKey,
  type ProductivityAnswer,
} from '@fieldwork/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeAnswers, sheetSceneApp, sheetScene } from '../../../test/fixtures/job-sheets';
import type { SheetScene } from '../../../test/fixtures/job-sheets';
import { newId } from '../../platform/ids';
import { download, finished, workbookOf } from '../reports/reports-testing';

const { test, scene } = sheetSceneApp('Productivity Org');
let other: SheetScene;
let sheetId: string;
let locationId: string;
const today = new Date().toISOString().slice(0, 10);

async function timeEntry(
  organisationId: string,
  userId: string,
  projectId: string | null,
  start: Date,
  seconds: number,
) {
  const id = newId();
  await test.platform.db.query(
    `INSERT INTO time_entries (id, organisation_id, user_id, project_id, started_at, ended_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, organisationId, userId, projectId, start, new Date(start.getTime() + seconds * 1000)],
  );
  return id;
}

async function approvedSheet(s: SheetScene, withLocation?: string) {
  const api = s.operative.orgApi;
  const created = await api.post('/job_sheets', {
    job_id: s.jobId,
    form_id: s.formId,
    ...(withLocation ? { location_id: withLocation } : {}),
    field_values: completeAnswers(s),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  const material = await api.post('/job_sheet_materials', {
    job_sheet_id: id,
    material_name: 'Fire board',
    material_input_type_key: 'SQUARE_METRES',
    square_metres: 2.5,
  });
  expect(material.status, JSON.stringify(material.body)).toBe(201);
  const submitted = await api.post(`/job_sheets/${id}/submit`, {
    operative_declaration_accepted: true,
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const first = await s.approver.orgApi.post(`/job_sheets/${id}/approve`, {
    declaration_accepted: true,
  });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const last = await s.manager.orgApi.post(`/job_sheets/${id}/approve`, {});
  expect(last.body.data.status, JSON.stringify(last.body)).toBe('APPROVED');
  return id;
}

const get = async (api: SheetScene['manager']['orgApi'], query: string) => {
  const reply = await api.get(`/productivity?${query}`);
  return reply as { status: number; body: ProductivityAnswer & { errors?: { field: string }[] } };
};

beforeAll(async () => {
  const location = await scene.manager.orgApi.post('/locations', { project_id: scene.projectId });
  expect(location.status, JSON.stringify(location.body)).toBe(201);
  locationId = location.body.data.id;
  sheetId = await approvedSheet(scene, locationId);
  await timeEntry(
    scene.org.id,
    scene.operative.userId,
    scene.projectId,
    new Date(),
    2 * 3600 + 1800,
  );
  // an open entry does not count
  await test.platform.db.query(
    `INSERT INTO time_entries (id, organisation_id, user_id, project_id, started_at)
     VALUES ($1, $2, $3, $4, now())`,
    [newId(), scene.org.id, scene.approver.userId, scene.projectId],
  );
  other = await sheetScene(test, 'Other Productivity Org');
  await approvedSheet(other);
  await timeEntry(other.org.id, other.operative.userId, other.projectId, new Date(), 9 * 3600);
});

describe('GET /productivity', () => {
  it('counts sheets submitted and approved, the location completed, hours and materials', async () => {
    const reply = await get(
      scene.manager.orgApi,
      `timeframe=month&group_by=member,project&filter[project_id]=${scene.projectId}`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const mine = reply.body.data.find((row) => row.user_id === scene.operative.userId)!;
    expect(mine).toMatchObject({
      period_start: `${today.slice(0, 7)}-01`,
      user_name: 'OPERATIVE member',
      project_id: scene.projectId,
      project_name: 'Riverside',
      job_sheets_submitted: 1,
      job_sheets_approved: 1,
      locations_completed: 1,
      hours_worked: 2.5,
      seconds_worked: 9000,
    });
    expect(mine.materials).toEqual([
      expect.objectContaining({ unit: 'square_metres', measure: 'm²', quantity: 2.5 }),
    ]);
    expect(reply.body.totals).toMatchObject({
      job_sheets_submitted: 1,
      job_sheets_approved: 1,
      locations_completed: 1,
      seconds_worked: 9000,
    });
    expect(reply.body.meta.periods).toHaveLength(12);
    expect(reply.body.meta.to).toBe(today);
    // the rollup agrees with the sheet's priced material
    const { rows } = await test.platform.db.query<{ measure: number; price: string | null }>(
      `SELECT measure, price FROM job_sheet_materials WHERE job_sheet_id = $1`,
      [sheetId],
    );
    expect(mine.materials[0]!.quantity).toBe(rows[0]!.measure);
    expect(mine.materials[0]!.value).toBe(Number(rows[0]!.price ?? 0));
  });

  it('groups by nothing, by project, by day, and filters by member and team', async () => {
    const totals = await get(scene.manager.orgApi, 'timeframe=year&group_by=');
    expect(totals.status).toBe(200);
    expect(totals.body.data).toHaveLength(1);
    expect(totals.body.data[0]).toMatchObject({ user_id: null, project_id: null });
    const byProject = await get(scene.manager.orgApi, 'timeframe=quarter&group_by=project');
    expect(byProject.status, JSON.stringify(byProject.body)).toBe(200);
    expect(byProject.body.data.every((row) => row.user_id === null)).toBe(true);
    expect(byProject.body.data.find((row) => row.project_id === scene.projectId)).toMatchObject({
      project_name: 'Riverside',
      job_sheets_submitted: 1,
    });
    const byDay = await get(scene.manager.orgApi, `timeframe=day&filter[from]=${today}`);
    expect(byDay.body.meta.periods).toEqual([today]);
    const none = await get(scene.manager.orgApi, `filter[user_id]=${scene.approver.userId}`);
    expect(none.body.totals.job_sheets_submitted).toBe(0);
    const team = await scene.manager.orgApi.post('/teams', { name: 'Fitters' });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const joined = await scene.manager.orgApi.post(`/teams/${team.body.data.id}/add_member`, {
      user_id: scene.operative.userId,
    });
    expect(joined.status, JSON.stringify(joined.body)).toBeLessThan(300);
    const byTeam = await get(scene.manager.orgApi, `filter[team_id]=${team.body.data.id}`);
    expect(byTeam.body.totals.job_sheets_submitted).toBe(1);
    expect(byTeam.body.data.every((row) => row.user_id === scene.operative.userId)).toBe(true);
  });

  it('refuses a bad query with 422 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['timeframe=fortnight', 'timeframe'],
      ['filter[from]=yesterday', 'filter[from]'],
      ['filter[project_id]=nope', 'filter[project_id]'],
      ['filter[colour]=red', 'filter[colour]'],
      ['group_by=client', 'group_by'],
      ['filter[from]=2026-05-02&filter[to]=2026-05-01', 'filter[to]'],
      ['filter[from]=2020-01-01&filter[to]=2026-01-01', 'filter[from]'],
      ['timeframe=day&filter[from]=2025-01-01&filter[to]=2026-06-01', 'filter[from]'],
    ];
    for (const [query, field] of cases) {
      const reply = await get(scene.manager.orgApi, query);
      expect(reply.status, query).toBe(422);
      expect(JSON.stringify(reply.body.errors), query).toContain(field);
    }
  });

  it('shows an operative only their own figures; guests none', async () => {
    const own = await get(scene.operative.orgApi, 'group_by=member');
    expect(own.status).toBe(200);
    expect(own.body.data.every((row) => row.user_id === scene.operative.userId)).toBe(true);
    expect(own.body.totals.job_sheets_submitted).toBe(1);
    const approverOwn = await get(scene.approver.orgApi, 'group_by=member');
    expect(approverOwn.body.totals.job_sheets_submitted).toBe(0);
    const someoneElse = await get(
      scene.approver.orgApi,
      `filter[user_id]=${scene.operative.userId}`,
    );
    expect(someoneElse.status).toBe(403);
    expect((await get(scene.guest.orgApi, '')).status).toBe(403);
  });

  it('never counts another organisation’s data', async () => {
    const mine = await get(scene.manager.orgApi, 'group_by=member,project');
    expect(mine.body.totals.seconds_worked).toBe(9000);
    expect(mine.body.data.some((row) => row.project_id === other.projectId)).toBe(false);
    const theirs = await get(scene.manager.orgApi, `filter[project_id]=${other.projectId}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    const byTheirMember = await get(
      scene.manager.orgApi,
      `filter[user_id]=${other.operative.userId}`,
    );
    expect(byTheirMember.body.data).toEqual([]);
    const otherManager = await get(other.manager.orgApi, 'group_by=member');
    expect(otherManager.body.totals.seconds_worked).toBe(9 * 3600);
    expect(otherManager.body.totals.locations_completed).toBe(0);
  });
});

describe('the rollup', () => {
  it('measures materials in each input type’s min_measure_unit', () => {
    for (const [key, unit] of Object.entries(PRODUCTIVITY_UNIT_OF))
      expect(PRODUCTIVITY_UNIT_MEASURES[unit], key).toBe(
        MATERIAL_INPUT_TYPES[key as MaterialInputTypeKey].min_measure_unit,
      );
  });

  it('stays equal to a direct computation over random edits', async () => {
    const db = test.platform.db;
    const org = scene.org.id;
    const members = [scene.operative.userId, scene.approver.userId, scene.manager.userId];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const day = () => new Date(Date.now() - Math.floor(random() * 40) * 86_400_000);
    const compare = async () => {
      const columns = `day::text, user_id, project_id, job_sheets_submitted, job_sheets_approved,
        locations_completed, seconds_worked, round(square_metres::numeric, 6) AS m2,
        square_metres_value, round(linear_metres::numeric, 6) AS m, linear_metres_value, items, items_value`;
      const kept = await db.query(
        `SELECT ${columns} FROM productivity_daily WHERE organisation_id = $1 ORDER BY 1, 2, 3`,
        [org],
      );
      const live = await db.query(
        `SELECT ${columns} FROM productivity_daily_live WHERE organisation_id = $1 ORDER BY 1, 2, 3`,
        [org],
      );
      expect(kept.rows).toEqual(live.rows);
      const monthly = (source: string) =>
        db.query(
          `SELECT date_trunc('month', day::timestamp)::date::text AS month, user_id, project_id,
                  sum(job_sheets_submitted)::int AS submitted, sum(job_sheets_approved)::int AS approved,
                  sum(locations_completed)::int AS completed, sum(seconds_worked)::bigint AS seconds,
                  round(sum(linear_metres)::numeric, 6) AS m, sum(linear_metres_value)::bigint AS m_value
             FROM ${source} WHERE organisation_id = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
          [org],
        );
      expect((await monthly('productivity_monthly')).rows).toEqual(
        (await monthly('productivity_daily_live')).rows,
      );
    };
    // sheets submitted at the same moment fall on the same key: none is lost
    const open: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const created = await scene.operative.orgApi.post('/job_sheets', {
        job_id: scene.jobId,
        form_id: scene.formId,
        field_values: completeAnswers(scene),
      });
      open.push(created.body.data.id as string);
    }
    const replies = await Promise.all(
      open.map((id) =>
        scene.operative.orgApi.post(`/job_sheets/${id}/submit`, {
          operative_declaration_accepted: true,
        }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    await compare();
    // more sheets to edit
    const sheets: string[] = [sheetId];
    for (let index = 0; index < 4; index += 1) sheets.push(await approvedSheet(scene));
    await compare();
    const entries: string[] = [];
    for (let step = 0; step < 60; step += 1) {
      const action = Math.floor(random() * 10);
      const sheet = pick(sheets);
      switch (action) {
        case 0:
          entries.push(
            await timeEntry(
              org,
              pick(members),
              pick([scene.projectId, null]),
              day(),
              Math.floor(random() * 30_000),
            ),
          );
          break;
        case 1:
          if (entries.length)
            await db.query(
              `UPDATE time_entries SET started_at_override = started_at - interval '1 day' * $2::int,
                      project_id = $3 WHERE id = $1`,
              [pick(entries), Math.floor(random() * 3), pick([scene.projectId, null])],
            );
          break;
        case 2:
          if (entries.length)
            await db.query(`DELETE FROM time_entries WHERE id = $1`, [entries.pop()]);
          break;
        case 3:
          await db.query(
            `UPDATE job_sheets SET submitted_at = $2::timestamptz, approved_at = CASE WHEN approved_at IS NULL THEN NULL ELSE $2::timestamptz END WHERE id = $1`,
            [sheet, day()],
          );
          break;
        case 4:
          await db.query(`UPDATE job_sheets SET operative_id = $2 WHERE id = $1`, [
            sheet,
            pick(members),
          ]);
          break;
        case 5:
          await db.query(`UPDATE job_sheets SET status = $2 WHERE id = $1`, [
            sheet,
            pick(['SUBMITTED', 'APPROVED', 'REJECTED', 'CANCELLED']),
          ]);
          break;
        case 6:
          await db.query(
            `INSERT INTO job_sheet_materials (id, organisation_id, job_sheet_id, material_name,
               material_input_type_key, linear_metres, measure, price)
             VALUES ($1, $2, $3, 'Sealant', 'LINEAR_METRES', $4::float8, $4::float8, $5::bigint)`,
            [newId(), org, sheet, Math.round(random() * 1000) / 10, Math.floor(random() * 5000)],
          );
          break;
        case 7:
          await db.query(
            `UPDATE job_sheet_materials SET measure = coalesce(measure, 0) + 1.1, price = coalesce(price, 0) + 7
              WHERE job_sheet_id = $1`,
            [sheet],
          );
          break;
        case 8:
          await db.query(`UPDATE locations SET status_id = $2 WHERE id = $1`, [
            locationId,
            pick(Object.values(scene.statusIds)),
          ]);
          break;
        case 9:
          await db.query(
            `DELETE FROM job_sheet_materials WHERE id IN
            (SELECT id FROM job_sheet_materials WHERE job_sheet_id = $1 LIMIT 1)`,
            [sheet],
          );
          break;
      }
    }
    await compare();
    // a whole sheet deleted (its materials cascade) and a time zone change re-cutting the days
    await db.query(`DELETE FROM job_sheets WHERE id = $1`, [sheets.pop()]);
    await compare();
    await db.query(
      `UPDATE organisations SET options = options || '{"timezone": "Pacific/Auckland"}' WHERE id = $1`,
      [org],
    );
    await compare();
    await db.query(`DELETE FROM locations WHERE id = $1`, [locationId]);
    await compare();
  });
});

describe('after the edits', () => {
  it('answers the same over whole months, part months and days', async () => {
    const from = new Date(Date.now() - 70 * 86_400_000).toISOString().slice(0, 10);
    const byDay = await get(scene.manager.orgApi, `timeframe=day&filter[from]=${from}`);
    const byMonth = await get(scene.manager.orgApi, `timeframe=month&filter[from]=${from}`);
    const byYear = await get(scene.manager.orgApi, `timeframe=year&filter[from]=${from}`);
    expect(byMonth.body.totals).toEqual(byDay.body.totals);
    expect(byYear.body.totals).toEqual(byDay.body.totals);
    // a range ending mid-month while the month has later days, and starting mid-month
    const mid = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    for (const [first, last] of [
      [from, mid],
      [mid, today],
    ]) {
      const days = await get(
        scene.manager.orgApi,
        `timeframe=day&filter[from]=${first}&filter[to]=${last}`,
      );
      const months = await get(
        scene.manager.orgApi,
        `timeframe=month&filter[from]=${first}&filter[to]=${last}`,
      );
      expect(months.body.totals).toEqual(days.body.totals);
    }
  });
});

describe('POST /reports/build/productivity_excel', () => {
  it('builds a workbook with a sheet per grouping, numbers as numbers, listed among reports', async () => {
    const started = await scene.manager.orgApi.post('/reports/build/productivity_excel', {
      timeframe: 'month',
      filter: { project_id: [scene.projectId] },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const report = await finished(scene.manager.orgApi, started.body.data.id);
    expect(report.status, JSON.stringify(report)).toBe('READY');
    const workbook = await workbookOf(await download(test, started.body.url));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Periods',
      'Members',
      'Projects',
      'Detail',
    ]);
    const members = workbook.getWorksheet('Members')!;
    expect(members.getRow(1).getCell(2).value).toBe('Job sheets submitted');
    const names = members.getColumn(1).values;
    expect(names).toContain('OPERATIVE member');
    const row = members.getRow(names.indexOf('OPERATIVE member'));
    expect(typeof row.getCell(2).value).toBe('number');
    const list = await scene.manager.orgApi.get('/reports');
    expect(list.body.data.map((entry: { id: string }) => entry.id)).toContain(report.id);
  });

  it('refuses a bad filter naming it, and an operative asking for others', async () => {
    const bad = await scene.manager.orgApi.post('/reports/build/productivity_excel', {
      filter: { from: 'soon' },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.errors)).toContain('from');
    const unknown = await scene.manager.orgApi.post('/reports/build/productivity_excel', {
      filter: { colour: 'red' },
    });
    expect(unknown.status).toBe(422);
    const others = await scene.approver.orgApi.post('/reports/build/productivity_excel', {
      filter: { user_id: scene.operative.userId },
    });
    expect(others.status).toBe(403);
  });
});

describe('kept answers', () => {
  it('answers a question asked again from memory, until what it read changes', async () => {
    const question = `timeframe=year&group_by=member,project&filter[project_id]=${scene.projectId}`;
    const first = await get(scene.manager.orgApi, question);
    expect(first.status).toBe(200);
    expect((await get(scene.manager.orgApi, question)).body).toEqual(first.body);
    const submitted = first.body.totals.job_sheets_submitted;

    await approvedSheet(scene);
    const afterSheet = await get(scene.manager.orgApi, question);
    expect(afterSheet.body.totals.job_sheets_submitted).toBe(submitted + 1);

    const seconds = afterSheet.body.totals.seconds_worked;
    await timeEntry(scene.org.id, scene.operative.userId, scene.projectId, new Date(), 600);
    const afterEntry = await get(scene.manager.orgApi, question);
    expect(afterEntry.body.totals.seconds_worked).toBe(seconds + 600);

    const renamed = await scene.manager.orgApi.put(`/projects/${scene.projectId}`, {
      name: 'Riverside North',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const afterRename = await get(scene.manager.orgApi, question);
    expect(afterRename.body.data.map((row) => row.project_name)).toContain('Riverside North');
    expect(afterRename.body.data.map((row) => row.project_name)).not.toContain('Riverside');
  });

  it('keeps a team’s answer until the team’s members change', async () => {
    const team = await scene.manager.orgApi.post('/teams', { name: 'Finishers' });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const question = `timeframe=year&filter[team_id]=${team.body.data.id}`;
    expect((await get(scene.manager.orgApi, question)).body.data).toEqual([]);
    await scene.manager.orgApi.post(`/teams/${team.body.data.id}/add_member`, {
      user_id: scene.operative.userId,
    });
    const joined = await get(scene.manager.orgApi, question);
    expect(joined.body.totals.job_sheets_submitted).toBeGreaterThan(0);
  });

  it('keeps an operative’s answer apart from a manager’s to the same question', async () => {
    await timeEntry(scene.org.id, scene.approver.userId, scene.projectId, new Date(), 3600);
    const question = 'timeframe=year&group_by=member';
    const own = await get(scene.approver.orgApi, question);
    expect(own.body.data.map((row) => row.user_id)).toEqual([scene.approver.userId]);
    const everyone = await get(scene.manager.orgApi, question);
    expect(everyone.body.data.map((row) => row.user_id)).toEqual(
      expect.arrayContaining([scene.approver.userId, scene.operative.userId]),
    );
    const theirs = await get(other.manager.orgApi, question);
    expect(theirs.body.data.map((row) => row.user_id)).toEqual([other.operative.userId]);
  });
});
