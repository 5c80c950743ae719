import { currentMembership, isAtLeastRole } from '../../../session/session-helpers';
import { useSession } from '../../../session/use-session';

/**
 * Whether the signed-in member may change project and template settings (MANAGER and above;
 * the server enforces it, the screens hide what it would refuse). Others read them.
 */
export function useCanEditSettings(): boolean {
  const state = useSession();
  const membership = currentMembership(state);
  return !membership.guest && isAtLeastRole('MANAGER', state);
}
