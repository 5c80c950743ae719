import { IconLifebuoy } from '@tabler/icons-react';
import { useSession } from '../session/use-session';
import { UserMenuButton } from '../ui/app-shell/UserMenuButton';
import { useOnFirstUse } from '../ui/use-on-first-use';
import { LOGOUT_PATH, ORGANISATIONS_PATH, SUPPORT_PATH } from './paths';

const loadUserMenu = () => import('../ui/app-shell/UserMenu');

/** The header's user menu; the menu itself loads on the first click of its button. */
export function SignedInUserMenu() {
  const { user, support } = useSession();
  const [loaded, use] = useOnFirstUse(loadUserMenu);
  if (!user) return null;
  if (!loaded) return <UserMenuButton name={user.name} onClick={use} />;
  return (
    <loaded.UserMenu
      name={user.name}
      email={user.email}
      organisationsPath={ORGANISATIONS_PATH}
      signOutPath={LOGOUT_PATH}
      // Support staff only (GET /me/context `support`).
      links={
        support ? [{ label: 'Support', to: SUPPORT_PATH, icon: <IconLifebuoy size={16} /> }] : []
      }
      defaultOpened
    />
  );
}
