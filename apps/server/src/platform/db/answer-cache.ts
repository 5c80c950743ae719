import { PRINCIPALS_ANNOUNCEMENT, type ChangeFeed } from './change-feed';

/**
 * Large answers many members of an organisation ask for at once (a year of productivity, for
 * everyone who opens the board's chart), kept as the JSON they are sent as, per organisation and
 * topic (docs/decisions.md, "Answers kept until the change feed says otherwise").
 *
 * Correctness rests on the change feed, as the principal cache's does: whatever a topic's answers
 * read announces `<topic> <organisation id>` on app_changed when it changes (a trigger), which
 * forgets that organisation's answers on the topic; `principals` (a person renamed, a membership
 * changed) forgets every answer, since answers name people. Nothing is answered from memory while
 * the feed is not live, nor from before it last went live. An answer computed while a change
 * was announced is not kept: `mark()` is taken before the computation's first statement.
 */
export interface AnswerCache {
  /** The kept answer, or undefined when it must be computed. */
  get(topic: string, organisationId: string, key: string): string | undefined;
  /** Taken before computing: what is computed is kept only if nothing it read changed since. */
  mark(topic: string, organisationId: string): string;
  remember(topic: string, organisationId: string, key: string, json: string, mark: string): void;
  /**
   * The kept answer, or `compute`'s, kept unless overtaken. Callers asking the same question at
   * once share one computation, unless a change was announced after it began (so a writer asking
   * right after its write never gets an answer computed before it).
   */
  answer(
    topic: string,
    organisationId: string,
    key: string,
    compute: () => Promise<string>,
  ): Promise<string>;
}

/** The announcement that forgets an organisation's answers on a topic. */
export const answersChanged = (topic: string, organisationId: string) =>
  `${topic} ${organisationId}`;

interface Entry {
  json: string;
  generation: number;
}

export function createAnswerCache(feed: ChangeFeed, options: { maxBytes: number }): AnswerCache {
  // In order of last use, so the least recently used is the first to go when over the bound.
  const entries = new Map<string, Entry>();
  // How many times each organisation's topic was announced, and everything was.
  const versions = new Map<string, number>();
  let everything = 0;
  let bytes = 0;
  const largest = options.maxBytes / 4; // one answer may not push out most of the others

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.json.length;
    entries.delete(key);
  };
  feed.subscribe((payload) => {
    if (payload === PRINCIPALS_ANNOUNCEMENT) {
      everything++;
      entries.clear();
      bytes = 0;
      return;
    }
    versions.set(payload, (versions.get(payload) ?? 0) + 1);
    const prefix = `${payload} `;
    for (const key of entries.keys()) if (key.startsWith(prefix)) forget(key);
  });
  const versionOf = (scope: string) => `${everything}:${versions.get(scope) ?? 0}`;
  const computing = new Map<string, { mark: string; json: Promise<string> }>();

  const cache: AnswerCache = {
    get: (topic, organisationId, key) => {
      if (!feed.live()) return undefined;
      const full = `${answersChanged(topic, organisationId)} ${key}`;
      const entry = entries.get(full);
      if (!entry) return undefined;
      entries.delete(full);
      if (entry.generation !== feed.generation()) {
        bytes -= entry.json.length;
        return undefined;
      }
      entries.set(full, entry);
      return entry.json;
    },
    mark: (topic, organisationId) => versionOf(answersChanged(topic, organisationId)),
    remember: (topic, organisationId, key, json, mark) => {
      const scope = answersChanged(topic, organisationId);
      if (!feed.live() || json.length > largest || mark !== versionOf(scope)) return;
      const full = `${scope} ${key}`;
      forget(full);
      entries.set(full, { json, generation: feed.generation() });
      bytes += json.length;
      for (const oldest of entries.keys()) {
        if (bytes <= options.maxBytes) break;
        forget(oldest);
      }
    },
    answer: async (topic, organisationId, key, compute) => {
      const kept = cache.get(topic, organisationId, key);
      if (kept !== undefined) return kept;
      const full = `${answersChanged(topic, organisationId)} ${key}`;
      const mark = cache.mark(topic, organisationId);
      const running = computing.get(full);
      if (running?.mark === mark) {
        // Its failure is its caller's; this caller computes for itself.
        const shared = await running.json.catch(() => undefined);
        if (shared !== undefined) return shared;
      }
      const json = compute();
      const entry = { mark, json };
      computing.set(full, entry);
      try {
        const answer = await json;
        cache.remember(topic, organisationId, key, answer, mark);
        return answer;
      } finally {
        if (computing.get(full) === entry) computing.delete(full);
      }
    },
  };
  return cache;
}
