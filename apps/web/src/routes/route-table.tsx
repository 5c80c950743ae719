import { Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { LogoutPage } from '../features/auth/LogoutPage';
import { SignInPage } from '../features/auth/SignInPage';
import { SignUpPage } from '../features/auth/SignUpPage';
import { OrganisationsPage } from '../features/organisations/OrganisationsPage';
import { PageLoader } from '../ui/feedback/PageLoader';
import { NotFoundPage } from './NotFoundPage';
import { OrganisationGuard } from './OrganisationGuard';
import { OrganisationLayout } from './OrganisationLayout';
import { RedirectIfSignedIn } from './RedirectIfSignedIn';
import { RequireSession } from './RequireSession';
import { RouteErrorScreen } from './RouteErrorScreen';
import { OrganisationAreasUnit, OrganisationPagesUnit, SetupAreaUnit } from './lazy-units';
import {
  AUTOLOAD_ORGANISATION_PATH,
  LOGIN_ALIAS_PATH,
  LOGOUT_PATH,
  ORGANISATIONS_PATH,
  ORGANISATION_AREAS,
  SIGN_IN_PATH,
  SIGN_UP_PATH,
} from './paths';

const signIn = (
  <RedirectIfSignedIn>
    <SignInPage />
  </RedirectIfSignedIn>
);

/** The route table of spec/platform.md §2 (the parts built so far) with its guards. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: SIGN_IN_PATH, element: signIn },
      { path: LOGIN_ALIAS_PATH, element: signIn },
      {
        path: SIGN_UP_PATH,
        element: (
          <RedirectIfSignedIn>
            <SignUpPage />
          </RedirectIfSignedIn>
        ),
      },
      { path: LOGOUT_PATH, element: <LogoutPage /> },
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <Navigate to={AUTOLOAD_ORGANISATION_PATH} replace /> },
          { path: ORGANISATIONS_PATH, element: <OrganisationsPage /> },
          {
            path: `${ORGANISATIONS_PATH}/:slug`,
            element: <OrganisationGuard />,
            children: [
              {
                element: <OrganisationLayout />,
                // Errors of a page show inside the shell, so the navigation stays usable.
                children: [
                  {
                    errorElement: <RouteErrorScreen />,
                    children: [
                      ...ORGANISATION_AREAS.map((area) => ({
                        path: `${area}/*`,
                        element: <OrganisationAreasUnit />,
                      })),
                      { path: '*', element: <OrganisationPagesUnit /> },
                    ],
                  },
                ],
              },
            ],
          },
          {
            path: '/organisation-setup/:slug',
            element: <OrganisationGuard />,
            children: [
              {
                path: '*',
                element: (
                  <Suspense fallback={<PageLoader />}>
                    <SetupAreaUnit />
                  </Suspense>
                ),
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
