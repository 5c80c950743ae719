import { lazyComponent } from '../ui/lazy-component';

/**
 * Pages outside the organisation shell, each in its own chunk: a signed-in user going to their
 * projects never downloads the sign-in, invite or support screens (issue 12, first-load budget).
 */
export const SignInPage = lazyComponent(() => import('../features/auth/SignInPage'), 'SignInPage');
export const SignUpPage = lazyComponent(() => import('../features/auth/SignUpPage'), 'SignUpPage');
export const LogoutPage = lazyComponent(() => import('../features/auth/LogoutPage'), 'LogoutPage');
export const LegacySignInPage = lazyComponent(
  () => import('../features/auth/LegacySignInPage'),
  'LegacySignInPage',
);
export const MobileSignInPage = lazyComponent(
  () => import('../features/auth/MobileSignInPage'),
  'MobileSignInPage',
);
export const ForgotPasswordPage = lazyComponent(
  () => import('../features/auth/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyComponent(
  () => import('../features/auth/ResetPasswordPage'),
  'ResetPasswordPage',
);
export const ImpersonatePage = lazyComponent(
  () => import('../features/support/ImpersonatePage'),
  'ImpersonatePage',
);
export const SupportPage = lazyComponent(
  () => import('../features/support/SupportPage'),
  'SupportPage',
);
export const InvitePage = lazyComponent(
  () => import('../features/invites/InvitePage'),
  'InvitePage',
);
export const AppStorePage = lazyComponent(
  () => import('../features/app-store/AppStorePage'),
  'AppStorePage',
);
export const OrganisationsPage = lazyComponent(
  () => import('../features/organisations/OrganisationsPage'),
  'OrganisationsPage',
);
export const QrCodePage = lazyComponent(
  () => import('../features/qr-codes/QrCodePage'),
  'QrCodePage',
);
