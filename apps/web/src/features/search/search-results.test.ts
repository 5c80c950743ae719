import type { SearchResult } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { allHits, groupSearchResult, searchTerm } from './search-results';

const CLIENT = '0123456789abcdef01234567';
const PROJECT = 'abcdefabcdefabcdefabcdef';
const JOB = 'fedcbafedcbafedcbafedcba';
const EMPTY: SearchResult = { clients: [], projects: [], jobs: [], jobSheets: [] };

describe('groupSearchResult', () => {
  it('groups clients then projects; jobs and job sheets only when something matched', () => {
    const groups = groupSearchResult(
      {
        ...EMPTY,
        clients: [{ id: CLIENT, name: 'Northwind & Sons', archived_at: null }],
        projects: [
          {
            id: PROJECT,
            name: 'Harbour Wall',
            reference: 'HW-01',
            client_name: 'Northwind & Sons',
            archived_at: null,
          },
        ],
      },
      'acme',
    );
    expect(groups.map((group) => group.label)).toEqual(['Clients', 'Projects']);
    expect(groups[0]?.hits).toEqual([
      {
        key: `clients:${CLIENT}`,
        label: 'Northwind & Sons',
        description: null,
        archived: false,
        href: '/organisations/acme/clients?search=Northwind+%26+Sons',
      },
    ]);
    expect(groups[1]?.hits[0]).toMatchObject({
      key: `projects:${PROJECT}`,
      description: 'HW-01 · Northwind & Sons',
      href: `/organisations/acme/projects/${PROJECT}`,
    });
  });

  it('keeps an empty clients or projects group, and adds jobs when they match', () => {
    const groups = groupSearchResult({ ...EMPTY, jobs: [{ id: JOB, name: 'Job 12' }] }, 'acme');
    expect(groups.map((group) => [group.label, group.hits.length])).toEqual([
      ['Clients', 0],
      ['Projects', 0],
      ['Jobs', 1],
    ]);
    expect(groups[2]?.hits[0]?.href).toBe(`/organisations/acme/jobs/${JOB}`);
  });

  it('marks archived records and opens an archived client among the archived', () => {
    const groups = groupSearchResult(
      {
        ...EMPTY,
        clients: [{ id: CLIENT, name: 'Old Co', archived_at: '2026-01-01T00:00:00.000Z' }],
        projects: [
          {
            id: PROJECT,
            name: 'Old job',
            reference: null,
            client_name: null,
            archived_at: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
      'acme',
    );
    expect(groups[0]?.hits[0]).toMatchObject({
      archived: true,
      description: null,
      href: '/organisations/acme/clients?search=Old+Co&archived=true',
    });
    expect(groups[1]?.hits[0]).toMatchObject({ archived: true, description: null });
  });

  it('lists every hit in dropdown order for the arrow keys', () => {
    const groups = groupSearchResult(
      {
        clients: [{ id: CLIENT, name: 'A', archived_at: null }],
        projects: [
          { id: PROJECT, name: 'B', reference: null, client_name: null, archived_at: null },
        ],
        jobs: [],
        jobSheets: [{ id: JOB, name: 'C' }],
      },
      'acme',
    );
    expect(allHits(groups).map((hit) => hit.key)).toEqual([
      `clients:${CLIENT}`,
      `projects:${PROJECT}`,
      `jobSheets:${JOB}`,
    ]);
  });
});

describe('searchTerm', () => {
  it('searches from two characters, trimmed', () => {
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm(' ab ')).toBe('ab');
    expect(searchTerm('')).toBeNull();
  });
});
