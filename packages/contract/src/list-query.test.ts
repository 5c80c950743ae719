import { describe, expect, it } from 'vitest';
import { buildListQuery } from './list-query';

describe('buildListQuery', () => {
  it('leaves out filters whose value is undefined or an empty string', () => {
    expect(buildListQuery({ filter: { a: undefined, b: '', c: [], d: 'x' } })).toBe('filter[d]=x');
  });

  it('comma-joins arrays and writes booleans, numbers and null', () => {
    expect(
      buildListQuery({ filter: { ids: ['1', '2'], archived: false, count: 3, owner_id: null } }),
    ).toBe('filter[ids]=1%2C2&filter[archived]=false&filter[count]=3&filter[owner_id]=null');
  });

  it('writes page=all, expand[] per name and comma-joined sort and sum', () => {
    expect(buildListQuery({ page: 'all', expand: ['a', 'b'], sort: ['-x', 'y'], sum: 'z' })).toBe(
      'expand[]=a&expand[]=b&sort=-x%2Cy&page=all&sum=z',
    );
  });

  it('percent-encodes values so they survive the round trip', () => {
    const query = buildListQuery({ filter: { search: 'a&b=c %' } });
    expect(new URLSearchParams(query).get('filter[search]')).toBe('a&b=c %');
  });

  it('is empty without a query', () => {
    expect(buildListQuery()).toBe('');
  });
});
