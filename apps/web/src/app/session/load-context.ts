import { CLOCK_SKEW_WARNING_MS } from '@fieldwork/contract';
import type { MeContext } from '@fieldwork/contract';
import { request } from '../../api/request';
import {
  readImpersonatingFlag,
  readRememberedOrganisationId,
  rememberOrganisationId,
} from '../../session/persisted-session';
import { session } from '../../session/session-state';
import { startSupportChat } from '../../session/support-chat';

let latestLoad = 0;

/**
 * GET /me/context on the core client, stored in the shared client state (spec/platform.md §4).
 * When loads overlap (a reload right after a change), only the latest one is stored.
 */
export async function loadSessionContext(): Promise<MeContext> {
  const load = ++latestLoad;
  const context = await request<unknown>({ method: 'get', url: '/me/context', client: 'core' });
  assertUsableContext(context);
  if (load !== latestLoad) return context;
  applySessionContext(context);
  void startSupportChat(context.intercom).catch((error: unknown) =>
    console.warn('The support chat could not start', error),
  );
  return context;
}

export function applySessionContext(context: MeContext, localNow: number = Date.now()): void {
  const approximateClockSkewMs = context.now - localNow;
  if (Math.abs(approximateClockSkewMs) > CLOCK_SKEW_WARNING_MS) {
    console.warn(
      `The local clock is about ${Math.round(approximateClockSkewMs / 1000)} s away from server time.`,
    );
  }

  const memberOf = new Set(context.organisations.map((organisation) => organisation.id));
  const remembered = readRememberedOrganisationId();
  if (remembered !== null && !memberOf.has(remembered)) rememberOrganisationId(null);
  const { organisationId } = session.get();

  session.update({
    user: context.user,
    memberships: context.memberships,
    organisations: context.organisations,
    legacyTeams: context.legacyTeams,
    approximateClockSkewMs,
    // The server knows whether this session is an impersonation; the flag stored at
    // /impersonate covers an answer that does not say.
    impersonating: context.impersonating ?? readImpersonatingFlag(),
    impersonator: context.impersonator ?? null,
    support: context.support === true,
    organisationId: organisationId !== null && memberOf.has(organisationId) ? organisationId : null,
  });
}

/** The parts the app cannot start without; anything else is treated as a broken answer. */
function assertUsableContext(context: unknown): asserts context is MeContext {
  const candidate = context as Partial<Record<keyof MeContext, unknown>> | null;
  const usable =
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.user === 'object' &&
    candidate.user !== null &&
    Array.isArray(candidate.memberships) &&
    Array.isArray(candidate.organisations) &&
    Array.isArray(candidate.legacyTeams) &&
    typeof candidate.now === 'number';
  if (!usable) throw new Error('The server answered GET /me/context with an unexpected body.');
}
