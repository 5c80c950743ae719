import { describe, expect, it } from 'vitest';
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
