import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../api/api-config';
import { makeContext, makeOrganisation } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { applySessionContext, loadSessionContext } from './load-context';
import {
  readRememberedOrganisationId,
  rememberOrganisationId,
} from '../../session/persisted-session';
import { isImpersonating } from '../../session/session-helpers';
import { session } from '../../session/session-state';
import {
  openSupportChat,
  setSupportChatLoader,
  startSupportChat,
} from '../../session/support-chat';

beforeEach(() => {
  configureApi({ apiUrl: 'http://api.test' });
  session.update({ tokenGetter: () => 'token' });
});

describe('loadSessionContext', () => {
  it('asks GET /me/context on the core client and stores the answer', async () => {
    const context = makeContext([makeOrganisation(), makeOrganisation()]);
    const calls = stubFetch(() => jsonResponse(context));
    await loadSessionContext();
    expect(calls[0]?.url).toBe('http://api.test/me/context');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token');
    const state = session.get();
    expect(state.user).toEqual(context.user);
    expect(state.memberships).toEqual(context.memberships);
    expect(state.organisations).toEqual(context.organisations);
    expect(state.legacyTeams).toEqual(context.legacyTeams);
  });

  it('rejects an answer it cannot use', async () => {
    stubFetch(() => jsonResponse({ user: null }));
    await expect(loadSessionContext()).rejects.toThrow('unexpected body');
    expect(session.get().user).toBeNull();
  });
});

describe('applySessionContext', () => {
  it('computes the clock skew as server time minus local time', () => {
    applySessionContext(makeContext(undefined, { now: 1_000_000 }), 990_000);
    expect(session.get().approximateClockSkewMs).toBe(10_000);
  });

  it('warns only when the clock is more than 60 s away', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    applySessionContext(makeContext(undefined, { now: 160_000 }), 100_000);
    expect(warn).not.toHaveBeenCalled();
    applySessionContext(makeContext(undefined, { now: 100_000 }), 160_001);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('keeps the saved organisation while the user still belongs to it', () => {
    const organisation = makeOrganisation();
    rememberOrganisationId(organisation.id);
    session.update({ organisationId: organisation.id });
    applySessionContext(makeContext([organisation]));
    expect(readRememberedOrganisationId()).toBe(organisation.id);
    expect(session.get().organisationId).toBe(organisation.id);
  });

  it('clears the saved organisation when the user no longer belongs to it', () => {
    const gone = makeOrganisation();
    rememberOrganisationId(gone.id);
    session.update({ organisationId: gone.id });
    applySessionContext(makeContext([makeOrganisation()]));
    expect(readRememberedOrganisationId()).toBeNull();
    expect(session.get().organisationId).toBeNull();
  });
});

describe('impersonation and support staff from the context', () => {
  it('sets the impersonating flag, the impersonator and the support flag', () => {
    const impersonator = { id: 'a'.repeat(24), name: 'Sam Support', email: 'sam@example.test' };
    applySessionContext(makeContext(undefined, { impersonating: true, impersonator }));
    expect(session.get()).toMatchObject({ impersonating: true, impersonator, support: false });
    expect(isImpersonating()).toBe(true);

    applySessionContext(makeContext(undefined, { support: true }));
    expect(session.get()).toMatchObject({
      impersonating: false,
      impersonator: null,
      support: true,
    });
    expect(isImpersonating()).toBe(false);
  });

  it('does not start the support chat while impersonating', async () => {
    const showMessages = vi.fn();
    const loader = vi.fn(() => ({ showMessages }));
    setSupportChatLoader(loader);
    try {
      stubFetch(() => jsonResponse(makeContext(undefined, { impersonating: true })));
      await loadSessionContext();
      await Promise.resolve();
      expect(loader).not.toHaveBeenCalled();
      expect(session.get().supportChat).toBeNull();

      stubFetch(() => jsonResponse(makeContext()));
      await loadSessionContext();
      await vi.waitFor(() => expect(session.get().supportChat).not.toBeNull());
      expect(loader).toHaveBeenCalledTimes(1);
    } finally {
      setSupportChatLoader(null);
    }
  });

  it('"Speak with us" does not open the chat as the impersonated user', async () => {
    const showMessages = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    session.update({ supportChat: { showMessages }, impersonating: true });
    openSupportChat();
    expect(showMessages).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^mailto:/));
    expect(await startSupportChat(makeContext().intercom)).toBe(false);
  });
});
