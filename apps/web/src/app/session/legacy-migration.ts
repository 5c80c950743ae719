import { MIGRATION_RELOAD_DELAY_MS } from '@fieldwork/contract';
import type { Organisation } from '@fieldwork/contract';
import { request } from '../../api/request';
import {
  hasLegacyAccessTokenInLocalStorage,
  isLegacySession,
} from '../../session/persisted-session';
import { connectWithTokens } from './session-lifecycle';

export const CLERK_MIGRATION_FEATURE = 'clerk_migration';

interface TicketTokens {
  accessToken: string;
  refreshToken?: string;
  expiresIn?: number;
}

export interface MigrationEnvironment {
  wait: (ms: number) => Promise<void>;
  reload: () => void;
}

const browserEnvironment: MigrationEnvironment = {
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  reload: () => window.location.reload(),
};

/** Whether an organisation's options.features.beta_features lists clerk_migration. */
export function hasClerkMigration(organisation: Organisation | undefined): boolean {
  const features = organisation?.options.features;
  if (typeof features !== 'object' || features === null) return false;
  const beta = (features as { beta_features?: unknown }).beta_features;
  return Array.isArray(beta) && beta.includes(CLERK_MIGRATION_FEATURE);
}

/** A legacy session in an organisation with the clerk_migration beta feature is migrated. */
export function shouldMigrateLegacySession(organisation: Organisation | undefined): boolean {
  return isLegacySession() && hasClerkMigration(organisation);
}

/**
 * Legacy-to-new sign-in migration (spec/platform.md §4 App start): exchange the legacy session for
 * a sign-in ticket (GET /me/clerk_sign_in_token, with the legacy bearer), sign in with the ticket
 * (POST /auth/ticket), keep the new tokens, wait 500 ms and reload. The legacy tokens are cleared
 * by the app start after the reload. A failure is thrown to the caller, which reports it.
 */
export async function migrateLegacySession(
  environment: MigrationEnvironment = browserEnvironment,
): Promise<void> {
  const rememberMe = hasLegacyAccessTokenInLocalStorage();
  const { token } = await request<{ token: string }>({
    method: 'get',
    url: '/me/clerk_sign_in_token',
    client: 'core',
  });
  const tokens = await request<TicketTokens>({
    method: 'post',
    url: '/auth/ticket',
    client: 'public',
    body: { ticket: token },
  });
  if (typeof tokens?.accessToken !== 'string' || tokens.accessToken === '') {
    throw new Error('The sign-in ticket was not accepted.');
  }
  connectWithTokens(
    { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? null },
    { rememberMe },
  );
  await environment.wait(MIGRATION_RELOAD_DELAY_MS);
  environment.reload();
}
