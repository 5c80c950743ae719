import { PRINCIPALS_ANNOUNCEMENT, type ChangeFeed } from '../db/change-feed';
import type { ApiKeyPrincipalRow, Credential, SessionPrincipalRow } from './principal';

export type PrincipalRow = SessionPrincipalRow | ApiKeyPrincipalRow;
type Presented = Exclude<Credential, { kind: 'none' } | { kind: 'invalid' }>;

/**
 * Who a credential is, per organisation, remembered for a few seconds so that a request needs
 * no lookup before its statement (docs/decisions.md, request path: principal cache).
 *
 * Correctness rests on the change feed: every write that could change an answer (a session
 * revoked or expired, a membership added, changed or removed, a user renamed or made support, an
 * API key deleted) is announced by a trigger, and that announcement forgets everything. Nothing is
 * answered from memory while the feed is not live, nor from before it last went live; a session's
 * own expiry is checked on every use.
 */
export interface PrincipalCache {
  /** The remembered row, or undefined when it must be looked up. */
  get(credential: Presented, organisationId: string): PrincipalRow | undefined;
  /** Taken before a lookup is sent: what it finds is kept only if nothing changed since. */
  mark(): number;
  remember(credential: Presented, organisationId: string, row: PrincipalRow, mark: number): void;
}

interface Entry {
  row: PrincipalRow;
  storedAt: number;
  generation: number;
  expiresAt: number;
}

export function createPrincipalCache(
  feed: ChangeFeed,
  options: { ttlMs: number; maxEntries?: number },
): PrincipalCache {
  const entries = new Map<string, Entry>();
  const maxEntries = options.maxEntries ?? 10_000;
  let changes = 0;
  feed.subscribe((payload) => {
    if (payload !== PRINCIPALS_ANNOUNCEMENT) return; // a topic of kept answers
    changes++;
    entries.clear();
  });

  return {
    get: (credential, organisationId) => {
      if (options.ttlMs <= 0 || !feed.live()) return undefined;
      const key = keyOf(credential, organisationId);
      const entry = entries.get(key);
      if (!entry) return undefined;
      const now = Date.now();
      const fresh =
        entry.generation === feed.generation() &&
        now - entry.storedAt < options.ttlMs &&
        now < entry.expiresAt;
      if (fresh) return entry.row;
      entries.delete(key);
      return undefined;
    },
    mark: () => changes,
    remember: (credential, organisationId, row, mark) => {
      if (options.ttlMs <= 0 || !feed.live() || mark !== changes) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const expiresAt = 'expires_at' in row ? new Date(row.expires_at).getTime() : Infinity;
      entries.set(keyOf(credential, organisationId), {
        row,
        storedAt: Date.now(),
        generation: feed.generation(),
        expiresAt,
      });
    },
  };
}

function keyOf(credential: Presented, organisationId: string): string {
  switch (credential.kind) {
    case 'access_token':
      return `t ${credential.sessionId} ${credential.userId} ${organisationId}`;
    case 'legacy':
      return `l ${credential.tokenHash} ${organisationId}`;
    case 'api_key':
      return `k ${credential.secretHash} ${organisationId}`;
  }
}
