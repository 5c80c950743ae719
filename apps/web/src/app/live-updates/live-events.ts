import { session } from '../../session/session-state';
import { clientBaseUrl } from '../../api/api-config';
import { currentBearer } from '../../api/request';

/** A change the API streams (GET /events): a collection and the changed ids the member may see. */
export interface LiveChange {
  collection: string;
  ids: string[];
  /** More changed than named: refresh the whole collection. */
  many?: boolean;
  /** Every change named was the member's own (this tab or another of theirs). */
  own?: boolean;
}

export type LiveMessage =
  | { type: 'change'; change: LiveChange }
  /** Changes may have been missed (the stream was down, or the API's listener was): refresh all. */
  | { type: 'resync' };

export type LiveListener = (message: LiveMessage) => void;

interface RawEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream buffer into complete events (the fields this API sends: `event` and
 * `data`; comment lines are heartbeats) and the incomplete rest to keep for the next chunk.
 */
export function parseEventStream(buffer: string): { events: RawEvent[]; rest: string } {
  const text = buffer.replace(/\r\n?/g, '\n');
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: RawEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'event') event = value;
      else if (name === 'data') data.push(value);
    }
    if (data.length || event !== 'message') events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** How long to wait before the attempt after `failures` failed ones: 1 s doubling to 30 s, ±20 %. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface LiveDeps {
  fetch: typeof fetch;
  bearer: () => Promise<string> | string;
  /** Renews a refused access token (the session's renewer); null when it cannot. */
  renew: (refused: string) => Promise<string | null>;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const browserDeps = (): LiveDeps => ({
  fetch: (input, init) => fetch(input, init),
  bearer: currentBearer,
  renew: async (refused) => (await session.get().tokenRenewer?.(refused)) ?? null,
  sleep,
});

/** Why a stream stopped: try again (after a while), or never for this organisation in this tab. */
type Outcome = 'again' | 'soon' | 'stop';

/**
 * Keeps one stream of an organisation's changes open until stopped: reconnects with backoff
 * after a failure, at once after the API ends it for an expired token (with a fresh one), and
 * stops for good when the member is refused (403) or the API serves no event stream.
 */
export function connectLiveEvents(
  organisationId: string,
  onMessage: LiveListener,
  deps: LiveDeps = browserDeps(),
): () => void {
  const controller = new AbortController();
  const url = `${clientBaseUrl('core')}/organisations/${encodeURIComponent(organisationId)}/events`;

  let everReady = false;
  const attempt = async (): Promise<Outcome> => {
    let bearer = await deps.bearer();
    const open = () =>
      deps.fetch(url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${bearer}` },
        signal: controller.signal,
        cache: 'no-store',
      });
    let response = await open();
    if (response.status === 401) {
      const renewed = await deps.renew(bearer);
      if (!renewed) return 'again';
      bearer = renewed;
      response = await open();
    }
    if (response.status === 403) return 'stop';
    if (!response.ok) return 'again';
    if (!response.headers.get('Content-Type')?.includes('text/event-stream') || !response.body)
      return 'stop';
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'soon';
      const { events, rest } = parseEventStream(buffer + value);
      buffer = rest;
      for (const { event, data } of events) {
        // A stream opened again may have missed changes meanwhile: refresh what is shown.
        if (event === 'ready' && everReady) onMessage({ type: 'resync' });
        if (event === 'ready') everReady = true;
        if (event === 'resync') onMessage({ type: 'resync' });
        if (event === 'change')
          onMessage({ type: 'change', change: JSON.parse(data) as LiveChange });
        if (event === 'end') {
          const { code } = JSON.parse(data) as { code?: string };
          return code === 'not_a_member' || code === 'role_required' ? 'stop' : 'soon';
        }
      }
    }
  };

  void (async () => {
    let failures = 0;
    while (!controller.signal.aborted) {
      let outcome: Outcome;
      try {
        outcome = await attempt();
      } catch {
        outcome = 'again';
      }
      if (outcome === 'stop' || controller.signal.aborted) return;
      failures = outcome === 'soon' ? 0 : failures + 1;
      await deps.sleep(outcome === 'soon' ? 500 : reconnectDelay(failures), controller.signal);
    }
  })();
  return () => controller.abort();
}

interface Shared {
  listeners: Set<LiveListener>;
  stop: () => void;
}

const shared = new Map<string, Shared>();

/**
 * Hears an organisation's changes through the tab's one stream of it: opened with the first
 * listener, closed with the last.
 */
export function subscribeLiveEvents(
  organisationId: string,
  listener: LiveListener,
  deps?: LiveDeps,
): () => void {
  let entry = shared.get(organisationId);
  if (!entry) {
    const listeners = new Set<LiveListener>();
    const stop = connectLiveEvents(
      organisationId,
      (message) => listeners.forEach((each) => each(message)),
      deps,
    );
    entry = { listeners, stop };
    shared.set(organisationId, entry);
  }
  const current = entry;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size || shared.get(organisationId) !== current) return;
    current.stop();
    shared.delete(organisationId);
  };
}
