import { afterEach, describe, expect, it } from 'vitest';
import { createChangeFeed } from '../db/change-feed';
import { forbidden } from '../errors';
import type { OrganisationContext } from '../http/context';
import {
  createLiveHub,
  liveCollections,
  MAX_EVENT_IDS,
  type LiveEvent,
  type LiveHub,
} from './live-hub';

// The hub alone, over a change feed fed by hand: what each listener is sent (the database
// legs are live.test.ts).
liveCollections.add({
  table: 'widgets',
  name: 'widgets',
  // "Visibility": ids ending in an even digit are the listener's to see.
  visibleIds: (_ctx, ids) => Promise.resolve(ids.filter((id) => Number(id.at(-1)) % 2 === 0)),
});

const announce = (feed: ReturnType<typeof createChangeFeed>, change: object) =>
  feed.announceRecords(JSON.stringify(change));

function listener(organisationId: string, userId: string, refuse = false) {
  const sent: LiveEvent[] = [];
  const ended: string[] = [];
  let checks = 0;
  return {
    sent,
    ended,
    checks: () => checks,
    organisationId,
    userId,
    asCaller: <T>(work: (ctx: OrganisationContext) => Promise<T>) => {
      checks++;
      if (refuse) return Promise.reject(forbidden('Gone', 'not_a_member'));
      return work({} as OrganisationContext);
    },
    send: (event: LiveEvent) => void sent.push(event),
    resync: () => undefined,
    end: (code: string) => void ended.push(code),
  };
}

const gathered = () => new Promise((resolve) => setTimeout(resolve, 120));
let hub: LiveHub | undefined;
afterEach(() => hub?.close());

describe('the live hub', () => {
  it('tells each listener of its own organisation only the ids it may see, gathered', async () => {
    const feed = createChangeFeed();
    hub = createLiveHub(feed, console);
    const a = listener('org-a', 'u1');
    const b = listener('org-b', 'u2');
    hub.attach(a);
    hub.attach(b);
    announce(feed, { o: 'org-a', t: 'widgets', k: 'id', ids: ['w1', 'w2'], by: 'u9' });
    announce(feed, { o: 'org-a', t: 'widgets', k: 'id', ids: ['w4'], by: 'u9' });
    announce(feed, { o: 'org-a', t: 'gadgets', k: 'id', ids: ['g2'], by: 'u9' }); // not live
    await gathered();
    expect(a.sent).toEqual([{ collection: 'widgets', ids: ['w2', 'w4'] }]);
    expect(a.checks()).toBe(1); // one check for the gathered changes
    expect(b.sent).toEqual([]);
    expect(b.checks()).toBe(0); // another organisation's change is never looked at for B
  });

  it('says own only when every change named was the listener’s, and many past the limit', async () => {
    const feed = createChangeFeed();
    hub = createLiveHub(feed, console);
    const a = listener('org-a', 'u1');
    hub.attach(a);
    announce(feed, { o: 'org-a', t: 'widgets', k: 'id', ids: ['w2'], by: 'u1' });
    await gathered();
    announce(feed, { o: 'org-a', t: 'widgets', k: 'id', ids: ['w2'], by: 'u1' });
    announce(feed, { o: 'org-a', t: 'widgets', k: 'id', ids: ['w2'], by: 'u3' });
    await gathered();
    const many = Array.from({ length: MAX_EVENT_IDS * 2 + 2 }, (_, i) => `w${i}`);
    announce(feed, { o: 'org-a', t: 'widgets', k: 'id', ids: many, by: null });
    await gathered();
    expect(a.sent).toEqual([
      { collection: 'widgets', ids: ['w2'], own: true },
      { collection: 'widgets', ids: ['w2'] },
      { collection: 'widgets', ids: [], many: true },
    ]);
  });

  it('tells a person of their own notices only, and ends a listener who lost access', async () => {
    const feed = createChangeFeed();
    hub = createLiveHub(feed, console);
    const mine = listener('org-a', 'u1');
    const other = listener('org-a', 'u2', true);
    const detach = hub.attach(mine);
    hub.attach(other);
    announce(feed, { o: 'org-a', t: 'notifications', k: 'user_id', ids: ['u1'], by: null });
    announce(feed, { o: 'org-a', t: 'widgets', k: 'id', ids: ['w2'], by: null });
    await gathered();
    expect(mine.sent).toEqual([
      { collection: 'notifications', ids: [] },
      { collection: 'widgets', ids: ['w2'] },
    ]);
    expect(other.sent).toEqual([]);
    expect(other.ended).toEqual(['not_a_member']);
    expect(hub.size()).toBe(2);
    detach();
    expect(hub.size()).toBe(1);
  });
});
