import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JOB_LIST_PARAMS,
  jobListFilter,
  boardWeekQuery,
  isFiltered,
  jobListQuery,
  readJobListParams,
  writeJobListParams,
} from './job-list-params';

const PROJECT = 'f'.repeat(24);
const read = (query: string) => readJobListParams(new URLSearchParams(query));

describe('the jobs list in the URL', () => {
  it('reads nothing as the defaults and writes the defaults as nothing', () => {
    expect(read('')).toEqual(DEFAULT_JOB_LIST_PARAMS);
    expect(writeJobListParams(DEFAULT_JOB_LIST_PARAMS).toString()).toBe('');
  });

  it('round-trips every filter, the search, the sort, the page, the view and the week', () => {
    const query =
      'view=board&status=IN_PROGRESS&project=' +
      PROJECT +
      '&operative=none&from=2026-03-01&to=2026-03-31&sort=date&page=3&week=2026-03-02' +
      '&search=riser+doors';
    const params = read(query);
    expect(params).toEqual({
      view: 'board',
      status: 'IN_PROGRESS',
      project: PROJECT,
      operative: 'none',
      from: '2026-03-01',
      to: '2026-03-31',
      sort: { column: 'date', direction: 'asc' },
      page: 3,
      week: '2026-03-02',
      search: 'riser doors',
    });
    expect(read(writeJobListParams(params).toString())).toEqual(params);
    expect(isFiltered(params)).toBe(true);
    expect(isFiltered(read('search=riser'))).toBe(true);
    expect(jobListFilter(read('search=riser'))).toEqual({ search: 'riser' });
  });

  it('drops what is malformed and snaps a week to its Monday', () => {
    expect(
      read('status=DONE&project=x&operative=42&from=2026-02-30&sort=-secret&page=-2&week=junk'),
    ).toEqual(DEFAULT_JOB_LIST_PARAMS);
    expect(read('week=2026-03-05').week).toBe('2026-03-02');
  });

  it('turns the state into the list grammar the API takes', () => {
    expect(jobListQuery(read(`status=AWAITING&operative=none&from=2026-03-01&sort=-date`))).toEqual(
      {
        filter: { status: 'AWAITING', operative_id: 'null', date_from: '2026-03-01' },
        sort: '-date',
        page: { number: 1, size: 25 },
      },
    );
    expect(boardWeekQuery(read(`project=${PROJECT}&from=2026-01-01`), '2026-03-02')).toEqual({
      filter: { project_id: PROJECT, date_from: '2026-03-02', date_to: '2026-03-08' },
      sort: 'number',
      page: 'all',
    });
  });
});
