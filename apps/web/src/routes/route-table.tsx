import { Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { PlanGate } from '../features/gating';
import { PreboardingGate } from '../features/preboarding';
import { PageLoader } from '../ui/feedback/PageLoader';
import { NotFoundPage } from '../app/NotFoundPage';
import { OrganisationGuard } from './OrganisationGuard';
import { OrganisationLayout } from './OrganisationLayout';
import { RedirectIfSignedIn } from './RedirectIfSignedIn';
import { RequireSession } from './RequireSession';
import { RouteErrorBoundary } from './RouteErrorScreen';
import { OrganisationAreasUnit, OrganisationPagesUnit, SetupAreaUnit } from './lazy-units';
import { withPageLoader } from '../ui/lazy-component';
import {
  AppStorePage,
  ForgotPasswordPage,
  ImpersonatePage,
  InvitePage,
  LegacySignInPage,
  LogoutPage,
  MobileSignInPage,
  OrganisationsPage,
  QrCodePage,
  ResetPasswordPage,
  SignInPage,
  SignUpPage,
  SupportPage,
} from './public-pages';
import {
  APP_STORE_PATH,
  AUTOLOAD_ORGANISATION_PATH,
  FORGOT_PASSWORD_PATH,
  IMPERSONATE_PATH,
  LEGACY_LOGIN_PATH,
  LOGIN_ALIAS_PATH,
  LOGOUT_PATH,
  MEMBERSHIP_INVITE_PATH,
  MOBILE_SIGN_IN_PATH,
  ORGANISATIONS_PATH,
  ORGANISATION_AREAS,
  ORGANISATION_INVITE_PATH,
  QR_CODE_PATH,
  RESET_PASSWORD_PATH,
  SIGN_IN_PATH,
  SIGN_UP_PATH,
  SUPPORT_PATH,
} from '../app/paths';

const signIn = <RedirectIfSignedIn>{withPageLoader(<SignInPage />)}</RedirectIfSignedIn>;

/**
 * The route table of spec/platform.md §2 (the parts built so far) with its guards, rendered by
 * `useRoutes` under a declarative router (main.tsx): no data-router features, so the router's
 * data layer stays out of the first load. Errors are caught by RouteErrorBoundary elements.
 */
export const routes: RouteObject[] = [
  {
    element: <RouteErrorBoundary />,
    children: [
      { path: SIGN_IN_PATH, element: signIn },
      { path: LOGIN_ALIAS_PATH, element: signIn },
      {
        path: SIGN_UP_PATH,
        element: <RedirectIfSignedIn>{withPageLoader(<SignUpPage />)}</RedirectIfSignedIn>,
      },
      { path: LOGOUT_PATH, element: withPageLoader(<LogoutPage />) },
      {
        path: LEGACY_LOGIN_PATH,
        element: <RedirectIfSignedIn>{withPageLoader(<LegacySignInPage />)}</RedirectIfSignedIn>,
      },
      { path: MOBILE_SIGN_IN_PATH, element: withPageLoader(<MobileSignInPage />) },
      { path: FORGOT_PASSWORD_PATH, element: withPageLoader(<ForgotPasswordPage />) },
      { path: RESET_PASSWORD_PATH, element: withPageLoader(<ResetPasswordPage />) },
      { path: IMPERSONATE_PATH, element: withPageLoader(<ImpersonatePage />) },
      { path: MEMBERSHIP_INVITE_PATH, element: withPageLoader(<InvitePage kind="membership" />) },
      {
        path: ORGANISATION_INVITE_PATH,
        element: withPageLoader(<InvitePage kind="organisation" />),
      },
      { path: APP_STORE_PATH, element: withPageLoader(<AppStorePage />) },
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <Navigate to={AUTOLOAD_ORGANISATION_PATH} replace /> },
          { path: ORGANISATIONS_PATH, element: withPageLoader(<OrganisationsPage />) },
          { path: SUPPORT_PATH, element: withPageLoader(<SupportPage />) },
          { path: QR_CODE_PATH, element: withPageLoader(<QrCodePage />) },
          {
            path: `${ORGANISATIONS_PATH}/:slug`,
            element: <OrganisationGuard />,
            children: [
              {
                // The plan's forced redirects (platform §4) before any organisation page.
                element: <PlanGate />,
                children: [
                  {
                    // Preboarding's redirects (platform §4): an organisation not set up yet
                    // sends its admins to the setup area.
                    element: <PreboardingGate />,
                    children: [
                      {
                        element: <OrganisationLayout />,
                        // Errors of a page show inside the shell, so the navigation stays usable.
                        children: [
                          {
                            element: <RouteErrorBoundary inShell />,
                            children: [
                              ...ORGANISATION_AREAS.map((area) => ({
                                path: `${area}/*`,
                                element: <OrganisationAreasUnit area={area} />,
                              })),
                              // /organisations/{slug} itself: the unit sends it to projects.
                              { index: true, element: <OrganisationPagesUnit /> },
                              { path: '*', element: <OrganisationPagesUnit /> },
                            ],
                          },
                        ],
                      },
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
                element: <PlanGate />,
                children: [
                  // The unit routes its own pages (and the area's root) and guards preboarding.
                  ...[{ index: true }, { path: '*' }].map((match) => ({
                    ...match,
                    element: (
                      <Suspense fallback={<PageLoader />}>
                        <SetupAreaUnit />
                      </Suspense>
                    ),
                  })),
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
