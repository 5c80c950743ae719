import { useSession } from '../session/use-session';
import { UserMenu } from '../ui/app-shell/UserMenu';
import { LOGOUT_PATH, ORGANISATIONS_PATH } from './paths';

export function SignedInUserMenu() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <UserMenu
      name={user.name}
      email={user.email}
      organisationsPath={ORGANISATIONS_PATH}
      signOutPath={LOGOUT_PATH}
    />
  );
}
