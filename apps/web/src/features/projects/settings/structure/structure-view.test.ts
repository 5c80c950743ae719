import type { Level } from '@fieldwork/contract';
import { describe, expect, it } from 'vitest';
import type { StructureBlock } from './structure-api';
import {
  blockLabel,
  blocksOn,
  levelsByBlock,
  shownSiteId,
  stillSelected,
  structureSites,
} from './structure-view';
import { makeSite } from './test/structure-server';

const home = makeSite({ id: 'a'.repeat(24), name: 'Holbeck Works' });
const other = makeSite({ id: 'b'.repeat(24), name: 'Canal Wharf' });

function block(name: string, siteId: string, order: number): StructureBlock {
  return {
    id: `${name}${'0'.repeat(24 - name.length)}`,
    created_at: '',
    updated_at: '',
    project_id: 'p',
    site_id: siteId,
    site: siteId === home.id ? home : other,
    name,
    order,
    levels: [],
    deleted_at: null,
  };
}

const level = (name: string, blockId: string, order: number): Level => ({
  id: name,
  created_at: '',
  updated_at: '',
  block_id: blockId,
  name,
  order,
  deleted_at: null,
});

describe('structure view', () => {
  it("lists the project's site first, then other sites its blocks stand on, once each", () => {
    const blocks = [block('C', other.id, 0), block('A', home.id, 0), block('D', other.id, 1)];
    expect(structureSites(home, blocks)).toEqual([
      { id: home.id, name: 'Holbeck Works' },
      { id: other.id, name: 'Canal Wharf' },
    ]);
    expect(structureSites(null, [block('C', other.id, 0)])).toEqual([
      { id: other.id, name: 'Canal Wharf' },
    ]);
    expect(structureSites(null, [])).toEqual([]);
  });

  it('shows the chosen site while it is still there, else the first', () => {
    const sites = [
      { id: home.id, name: 'Holbeck Works' },
      { id: other.id, name: 'Canal Wharf' },
    ];
    expect(shownSiteId(sites, other.id)).toBe(other.id);
    expect(shownSiteId(sites, 'gone')).toBe(home.id);
    expect(shownSiteId(sites, null)).toBe(home.id);
    expect(shownSiteId([], null)).toBeNull();
  });

  it("keeps one site's blocks in their order", () => {
    const blocks = [block('B', home.id, 1), block('X', other.id, 0), block('A', home.id, 0)];
    expect(blocksOn(blocks, home.id).map((item) => item.name)).toEqual(['A', 'B']);
  });

  it('names the site beside a block only when the project spans several', () => {
    expect(blockLabel(block('A', other.id, 0), true)).toBe('A (Canal Wharf)');
    expect(blockLabel(block('A', other.id, 0), false)).toBe('A');
  });

  it('groups deleted levels by block, in level order', () => {
    const groups = levelsByBlock([level('2', 'x', 2), level('0', 'x', 0), level('9', 'y', 0)]);
    expect(groups.get('x')?.map((item) => item.name)).toEqual(['0', '2']);
    expect(groups.get('y')?.map((item) => item.name)).toEqual(['9']);
  });

  it('forgets selected levels that are no longer shown', () => {
    expect(stillSelected(new Set(['a', 'b', 'gone']), ['b', 'a', 'c'])).toEqual(['b', 'a']);
  });
});
