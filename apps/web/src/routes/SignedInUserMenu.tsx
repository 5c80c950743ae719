import { IconLifebuoy } from '@tabler/icons-react';
import { useSession } from '../session/use-session';
import { UserMenu } from '../ui/app-shell/UserMenu';
import { LOGOUT_PATH, ORGANISATIONS_PATH, SUPPORT_PATH } from './paths';

export function SignedInUserMenu() {
  const { user, support } = useSession();
  if (!user) return null;
  return (
    <UserMenu
      name={user.name}
      email={user.email}
      organisationsPath={ORGANISATIONS_PATH}
      signOutPath={LOGOUT_PATH}
      // Support staff only (GET /me/context `support`).
      links={
        support ? [{ label: 'Support', to: SUPPORT_PATH, icon: <IconLifebuoy size={16} /> }] : []
      }
    />
  );
}
