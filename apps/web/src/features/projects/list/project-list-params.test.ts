import { buildListQuery } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROJECT_LIST_PARAMS,
  NO_CLIENT,
  isFiltered,
  projectExportRequest,
  projectListQuery,
  readProjectListParams,
  writeProjectListParams,
} from './project-list-params';
import type { ProjectListParams } from './project-list-params';

const CLIENT = '0123456789abcdef01234567';
const OWNER = 'abcdefabcdefabcdefabcdef';
const read = (query: string) => readProjectListParams(new URLSearchParams(query));

describe('project list params in the URL', () => {
  it('reads an empty query as the default: active projects by name, first page', () => {
    expect(read('')).toEqual(DEFAULT_PROJECT_LIST_PARAMS);
    expect(writeProjectListParams(DEFAULT_PROJECT_LIST_PARAMS).toString()).toBe('');
  });

  it('round-trips every filter, the sort and the page', () => {
    const params: ProjectListParams = {
      search: 'harbour wall',
      client: CLIENT,
      owner: OWNER,
      status: 'all',
      sort: { column: 'created_at', direction: 'desc' },
      page: 3,
    };
    const query = writeProjectListParams(params);
    expect(query.toString()).toBe(
      `search=harbour+wall&client=${CLIENT}&owner=${OWNER}&status=all&sort=-created_at&page=3`,
    );
    expect(readProjectListParams(query)).toEqual(params);
  });

  it('keeps "projects without a client" as its own value', () => {
    expect(read(`client=${NO_CLIENT}`).client).toBe(NO_CLIENT);
  });

  it('falls back to the default for unknown or malformed values', () => {
    expect(read('client=nope&owner=1&status=deleted&sort=-budget&page=-2')).toEqual(
      DEFAULT_PROJECT_LIST_PARAMS,
    );
    expect(read('page=2.5').page).toBe(1);
    expect(read('sort=reference').sort).toEqual({ column: 'reference', direction: 'asc' });
  });

  it('trims the search and leaves a blank one out', () => {
    expect(read('search=%20%20').search).toBe('');
    expect(
      writeProjectListParams({ ...DEFAULT_PROJECT_LIST_PARAMS, search: '  ' }).toString(),
    ).toBe('');
  });
});

describe('project list params to API queries', () => {
  it('asks for live projects by name, 25 a page, by default', () => {
    expect(buildListQuery(projectListQuery(DEFAULT_PROJECT_LIST_PARAMS))).toBe(
      'filter[archived]=false&sort=name&page[number]=1&page[size]=25',
    );
  });

  it('sends the filters of the list grammar', () => {
    const params: ProjectListParams = {
      ...DEFAULT_PROJECT_LIST_PARAMS,
      search: 'wall',
      client: NO_CLIENT,
      owner: OWNER,
      status: 'archived',
      sort: { column: 'client_name', direction: 'desc' },
      page: 2,
    };
    expect(buildListQuery(projectListQuery(params))).toBe(
      `filter[search]=wall&filter[client_id]=null&filter[owner_id]=${OWNER}&filter[archived]=true&sort=-client_name&page[number]=2&page[size]=25`,
    );
  });

  it('leaves the archived filter out when showing all, in the list and its export', () => {
    const all = { ...DEFAULT_PROJECT_LIST_PARAMS, status: 'all' as const, client: CLIENT };
    expect(projectListQuery(all).filter).toEqual({ client_id: CLIENT });
    expect(projectExportRequest(all)).toEqual({ filter: { client_id: CLIENT }, sort: 'name' });
  });

  it('knows when a filter narrows the list (sort and page do not)', () => {
    expect(isFiltered(DEFAULT_PROJECT_LIST_PARAMS)).toBe(false);
    expect(
      isFiltered({
        ...DEFAULT_PROJECT_LIST_PARAMS,
        sort: { column: 'reference', direction: 'desc' },
        page: 4,
      }),
    ).toBe(false);
    expect(isFiltered({ ...DEFAULT_PROJECT_LIST_PARAMS, status: 'all' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_PROJECT_LIST_PARAMS, owner: OWNER })).toBe(true);
  });
});
