import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SignedInUserMenu } from '../../app/SignedInUserMenu';
import { SimpleLayout } from '../../ui/app-shell/SimpleLayout';
import { PageLoader } from '../../ui/feedback/PageLoader';

/** The setup area's frame: the header with the user menu, and a centred column. */
export function SetupLayout() {
  return (
    <SimpleLayout headerRight={<SignedInUserMenu />}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </SimpleLayout>
  );
}
