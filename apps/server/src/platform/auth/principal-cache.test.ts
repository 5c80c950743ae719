import { describe, expect, it, vi } from 'vitest';
import { createChangeFeed } from '../db/change-feed';
import { createPrincipalCache } from './principal-cache';
import type { SessionPrincipalRow } from './principal';

const credential = { kind: 'access_token', sessionId: 's1', userId: 'u1' } as const;
const row = (expiresInMs = 3_600_000): SessionPrincipalRow => ({
  session_id: 's1',
  impersonator_user_id: null,
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.test',
  support: false,
  membership_id: 'm1',
  role: 'MANAGER',
  owner: false,
  guest: false,
  touched: false,
  expires_at: new Date(Date.now() + expiresInMs),
});

function setUp(ttlMs = 30_000) {
  const feed = createChangeFeed();
  feed.setLive(true);
  return { feed, cache: createPrincipalCache(feed, { ttlMs }) };
}

describe('the principal cache', () => {
  it('remembers a caller per organisation', () => {
    const { cache } = setUp();
    cache.remember(credential, 'o1', row(), cache.mark());
    expect(cache.get(credential, 'o1')).toMatchObject({ role: 'MANAGER' });
    expect(cache.get(credential, 'o2')).toBeUndefined();
    expect(cache.get({ ...credential, sessionId: 's2' }, 'o1')).toBeUndefined();
  });

  it('forgets everything on an announcement', () => {
    const { feed, cache } = setUp();
    cache.remember(credential, 'o1', row(), cache.mark());
    feed.announce('principals');
    expect(cache.get(credential, 'o1')).toBeUndefined();
  });

  it('keeps its callers through announcements of kept answers', () => {
    const { feed, cache } = setUp();
    const mark = cache.mark();
    feed.announce('productivity o1');
    cache.remember(credential, 'o1', row(), mark);
    expect(cache.get(credential, 'o1')).toMatchObject({ role: 'MANAGER' });
  });

  it('does not keep a lookup that a change overtook', () => {
    const { feed, cache } = setUp();
    const mark = cache.mark();
    feed.announce('principals'); // the change commits while the lookup is on its way
    cache.remember(credential, 'o1', row(), mark);
    expect(cache.get(credential, 'o1')).toBeUndefined();
  });

  it('answers nothing from memory while the feed is down, nor from before it came back', () => {
    const { feed, cache } = setUp();
    cache.remember(credential, 'o1', row(), cache.mark());
    feed.setLive(false);
    expect(cache.get(credential, 'o1')).toBeUndefined();
    cache.remember(credential, 'o1', row(), cache.mark());
    feed.setLive(true);
    expect(cache.get(credential, 'o1')).toBeUndefined();
  });

  it('lets an entry go after its time to live, and a session at its expiry', () => {
    vi.useFakeTimers();
    try {
      const { cache } = setUp(30_000);
      cache.remember(credential, 'o1', row(), cache.mark());
      cache.remember(credential, 'o2', row(10_000), cache.mark());
      vi.advanceTimersByTime(10_001);
      expect(cache.get(credential, 'o1')).toBeDefined();
      expect(cache.get(credential, 'o2')).toBeUndefined();
      vi.advanceTimersByTime(20_000);
      expect(cache.get(credential, 'o1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is off with a time to live of 0', () => {
    const { cache } = setUp(0);
    cache.remember(credential, 'o1', row(), cache.mark());
    expect(cache.get(credential, 'o1')).toBeUndefined();
  });
});
