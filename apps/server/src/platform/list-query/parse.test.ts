import { buildListQuery } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import { parseListQuery } from './parse';

const parse = (query: string) => parseListQuery(new URLSearchParams(query));

describe('the list grammar', () => {
  it('reads what the web client builds', () => {
    const query = buildListQuery({
      filter: { name: ['a', 'b'], client_id: 'x', empty: '', missing: undefined },
      expand: ['contacts', 'owner'],
      sort: ['-name', 'created_at'],
      page: { number: 3, size: 50 },
      withIds: true,
      sum: ['project_count'],
    });
    expect(query).toBe(
      'filter[name]=a%2Cb&filter[client_id]=x&expand[]=contacts&expand[]=owner&sort=-name%2Ccreated_at&page[number]=3&page[size]=50&withIds=true&sum=project_count',
    );
    const parsed = parse(query);
    expect([...parsed.filters]).toEqual([
      ['name', ['a', 'b']],
      ['client_id', ['x']],
    ]);
    expect(parsed.expand).toEqual(['contacts', 'owner']);
    expect(parsed.sort).toEqual([
      { field: 'name', descending: true },
      { field: 'created_at', descending: false },
    ]);
    expect(parsed.page).toEqual({ all: false, number: 3, size: 50 });
    expect(parsed.withIds).toBe(true);
    expect(parsed.sum).toEqual(['project_count']);
  });

  it('defaults to the first page of 25 and accepts page=all', () => {
    expect(parse('').page).toEqual({ all: false, number: 1, size: 25 });
    expect(parse('page=all').page).toEqual({ all: true });
  });

  it('accepts repeated and indexed forms', () => {
    expect(parse('expand[0]=a&expand[1]=b&expand=c,a').expand).toEqual(['a', 'b', 'c']);
    expect([...parse('filter[id][]=1&filter[id][]=2').filters]).toEqual([['id', ['1', '2']]]);
  });

  it('refuses malformed paging, flags and filters', () => {
    for (const query of [
      'page[size]=1001',
      'page[size]=-1',
      'page[number]=1.5',
      'page=2',
      'withIds=yes',
      'filter=name',
      'filter[a b]=1',
    ]) {
      expect(() => parse(query), query).toThrow();
    }
  });
});
