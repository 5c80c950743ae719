import { describe, expect, it, vi } from 'vitest';
import { createAnswerCache } from './answer-cache';
import { createChangeFeed } from './change-feed';

function setUp(maxBytes = 1_000) {
  const feed = createChangeFeed();
  feed.setLive(true);
  return { feed, cache: createAnswerCache(feed, { maxBytes }) };
}

const keep = (
  cache: ReturnType<typeof setUp>['cache'],
  organisationId: string,
  key: string,
  json: string,
  topic = 'productivity',
) => cache.remember(topic, organisationId, key, json, cache.mark(topic, organisationId));

describe('the answer cache', () => {
  it('keeps an answer per topic, organisation and question', () => {
    const { cache } = setUp();
    keep(cache, 'o1', 'q1', '{"a":1}');
    expect(cache.get('productivity', 'o1', 'q1')).toBe('{"a":1}');
    expect(cache.get('productivity', 'o1', 'q2')).toBeUndefined();
    expect(cache.get('productivity', 'o2', 'q1')).toBeUndefined();
    expect(cache.get('timesheets', 'o1', 'q1')).toBeUndefined();
  });

  it('forgets an organisation’s answers on the topic its change names, and only those', () => {
    const { feed, cache } = setUp();
    keep(cache, 'o1', 'q1', '1');
    keep(cache, 'o1', 'q2', '2');
    keep(cache, 'o2', 'q1', '3');
    keep(cache, 'o1', 'q1', '4', 'other');
    feed.announce('productivity o1');
    expect(cache.get('productivity', 'o1', 'q1')).toBeUndefined();
    expect(cache.get('productivity', 'o1', 'q2')).toBeUndefined();
    expect(cache.get('productivity', 'o2', 'q1')).toBe('3');
    expect(cache.get('other', 'o1', 'q1')).toBe('4');
  });

  it('forgets every answer when people or memberships change (answers name people)', () => {
    const { feed, cache } = setUp();
    keep(cache, 'o1', 'q1', '1');
    keep(cache, 'o2', 'q1', '2');
    feed.announce('principals');
    expect(cache.get('productivity', 'o1', 'q1')).toBeUndefined();
    expect(cache.get('productivity', 'o2', 'q1')).toBeUndefined();
  });

  it('does not keep an answer that a change overtook', () => {
    const { feed, cache } = setUp();
    const mark = cache.mark('productivity', 'o1');
    feed.announce('productivity o1'); // committed while the answer was being computed
    cache.remember('productivity', 'o1', 'q1', '1', mark);
    expect(cache.get('productivity', 'o1', 'q1')).toBeUndefined();
    const overtakenByPeople = cache.mark('productivity', 'o1');
    feed.announce('principals');
    cache.remember('productivity', 'o1', 'q1', '1', overtakenByPeople);
    expect(cache.get('productivity', 'o1', 'q1')).toBeUndefined();
    const otherOrganisation = cache.mark('productivity', 'o1');
    feed.announce('productivity o2');
    cache.remember('productivity', 'o1', 'q1', '1', otherOrganisation);
    expect(cache.get('productivity', 'o1', 'q1')).toBe('1');
  });

  it('answers nothing from memory while the feed is not live, nor from before it went live', () => {
    const { feed, cache } = setUp();
    keep(cache, 'o1', 'q1', '1');
    feed.setLive(false);
    expect(cache.get('productivity', 'o1', 'q1')).toBeUndefined();
    keep(cache, 'o1', 'q2', '2');
    feed.setLive(true);
    expect(cache.get('productivity', 'o1', 'q1')).toBeUndefined();
    expect(cache.get('productivity', 'o1', 'q2')).toBeUndefined();
  });

  it('stays within its bound, letting the least recently used go first', () => {
    const { cache } = setUp(1_000);
    keep(cache, 'o1', 'a', 'x'.repeat(240));
    keep(cache, 'o1', 'b', 'x'.repeat(240));
    keep(cache, 'o1', 'c', 'x'.repeat(240));
    expect(cache.get('productivity', 'o1', 'a')).toBeDefined(); // a is now the most recent
    keep(cache, 'o1', 'd', 'x'.repeat(240));
    keep(cache, 'o1', 'e', 'x'.repeat(240));
    expect(cache.get('productivity', 'o1', 'b')).toBeUndefined();
    expect(cache.get('productivity', 'o1', 'a')).toBeDefined();
    expect(cache.get('productivity', 'o1', 'e')).toBeDefined();
    keep(cache, 'o1', 'huge', 'x'.repeat(251)); // more than a quarter of the bound
    expect(cache.get('productivity', 'o1', 'huge')).toBeUndefined();
  });

  it('keeps nothing with no room', () => {
    const { cache } = setUp(0);
    keep(cache, 'o1', 'q1', '1');
    expect(cache.get('productivity', 'o1', 'q1')).toBeUndefined();
  });
});

describe('an answer computed once for callers asking at once', () => {
  const later = () => {
    let settle!: (json: string) => void;
    const json = new Promise<string>((resolve) => (settle = resolve));
    return { json, settle };
  };

  it('shares one computation, then keeps it', async () => {
    const { cache } = setUp();
    const first = later();
    const compute = vi.fn(() => first.json);
    const asked = [1, 2, 3].map(() => cache.answer('productivity', 'o1', 'q1', compute));
    first.settle('{"a":1}');
    expect(await Promise.all(asked)).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(await cache.answer('productivity', 'o1', 'q1', compute)).toBe('{"a":1}');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not share a computation begun before a change (a writer reads its write)', async () => {
    const { feed, cache } = setUp();
    const before = later();
    const stale = cache.answer('productivity', 'o1', 'q1', () => before.json);
    feed.announce('productivity o1');
    const fresh = cache.answer('productivity', 'o1', 'q1', () => Promise.resolve('"after"'));
    before.settle('"before"');
    expect(await stale).toBe('"before"');
    expect(await fresh).toBe('"after"');
    expect(cache.get('productivity', 'o1', 'q1')).toBe('"after"');
  });

  it('computes for itself when the shared computation fails', async () => {
    const { cache } = setUp();
    const failing = cache.answer('productivity', 'o1', 'q1', () =>
      Promise.reject(new Error('connection lost')),
    );
    const other = cache.answer('productivity', 'o1', 'q1', () => Promise.resolve('"own"'));
    await expect(failing).rejects.toThrow('connection lost');
    expect(await other).toBe('"own"');
  });
});
