import type { MeContext } from '@fieldwork/contract';
import { session } from './session-state';
import type { SessionState, SupportChatHandle } from './session-state';

export const SUPPORT_EMAIL = 'support@fieldwork.app';

/** Who the chat talks to: the `intercom` part of GET /me/context. */
export type SupportChatIdentity = MeContext['intercom'];

/** Boots the chat widget for a user and answers its handle (registered by the widget's loader). */
export type SupportChatLoader = (
  identity: SupportChatIdentity,
) => SupportChatHandle | Promise<SupportChatHandle>;

let loader: SupportChatLoader | null = null;

export function setSupportChatLoader(next: SupportChatLoader | null): void {
  loader = next;
}

/**
 * Starts the support chat for the signed-in user, once the context is loaded. Never while
 * impersonating (spec/platform.md §6): support staff must not chat as the user they act as.
 * Answers whether a chat was started.
 */
export async function startSupportChat(
  identity: SupportChatIdentity,
  state: SessionState = session.get(),
): Promise<boolean> {
  if (state.impersonating || loader === null) return false;
  const handle = await loader(identity);
  if (session.get().impersonating) return false;
  session.update({ supportChat: handle });
  return true;
}

/** "Speak with us": the chat widget when it registered its handle, otherwise an e-mail to support. */
export function openSupportChat(): void {
  const { supportChat, impersonating } = session.get();
  if (supportChat && !impersonating) supportChat.showMessages();
  else window.location.assign(`mailto:${SUPPORT_EMAIL}`);
}
