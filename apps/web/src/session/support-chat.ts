import { session } from './session-state';

export const SUPPORT_EMAIL = 'support@fieldwork.app';

/** "Speak with us": the chat widget when it registered its handle, otherwise an e-mail to support. */
export function openSupportChat(): void {
  const { supportChat } = session.get();
  if (supportChat) supportChat.showMessages();
  else window.location.assign(`mailto:${SUPPORT_EMAIL}`);
}
