import type { Environment, MeContext, Membership, Organisation, User } from '@fieldwork/contract';

export type LegacyTeam = MeContext['legacyTeams'][number];

/** Opens the support chat (the chat widget registers itself here when it is loaded). */
export interface SupportChatHandle {
  showMessages(): void;
}

/** Who is acting as the user while impersonating (GET /me/context `impersonator`). */
export type Impersonator = NonNullable<MeContext['impersonator']>;

export type TokenGetter = () => string | Promise<string>;
export type AuthErrorHandler = (error: Error) => void;
/** Given the access token the API refused (401): a new one to retry with, or null. */
export type TokenRenewer = (rejectedToken: string) => Promise<string | null>;

/** The shared client state of spec/platform.md §3. */
export interface SessionState {
  environment: Environment;
  connected: boolean;
  tokenGetter: TokenGetter | null;
  authErrorHandler: AuthErrorHandler | null;
  tokenRenewer: TokenRenewer | null;
  impersonating: boolean;
  impersonator: Impersonator | null;
  /** Support staff may create impersonation links (GET /me/context `support`). */
  support: boolean;
  user: User | null;
  memberships: Membership[];
  organisations: Organisation[];
  organisationId: string | null;
  legacyTeams: LegacyTeam[];
  supportChat: SupportChatHandle | null;
  approximateClockSkewMs: number;
}

export function initialSessionState(): SessionState {
  return {
    environment: 'local',
    connected: false,
    tokenGetter: null,
    authErrorHandler: null,
    tokenRenewer: null,
    impersonating: false,
    impersonator: null,
    support: false,
    user: null,
    memberships: [],
    organisations: [],
    organisationId: null,
    legacyTeams: [],
    supportChat: null,
    approximateClockSkewMs: 0,
  };
}

type Listener = () => void;

/**
 * A tiny external store: plain code reads it with `get()`, React subscribes through
 * `useSession()` (useSyncExternalStore). Every update replaces the snapshot object.
 */
function createSessionStore() {
  let state = initialSessionState();
  const listeners = new Set<Listener>();

  return {
    get: (): SessionState => state,
    update: (patch: Partial<SessionState>): void => {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const session = createSessionStore();

/** Signing out forgets the user; the environment, the handlers and the chat handle stay. */
export function forgetSignedInUser(): void {
  const { environment, tokenGetter, authErrorHandler, tokenRenewer, supportChat } = session.get();
  session.update({
    ...initialSessionState(),
    environment,
    tokenGetter,
    authErrorHandler,
    tokenRenewer,
    supportChat,
  });
}
