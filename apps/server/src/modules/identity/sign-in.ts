import type { DeviceInfo } from '../../platform/auth/sessions';
import { createSession, issueTokens, type SessionTokens } from '../../platform/auth/sessions';
import { verifyPassword } from '../../platform/auth/passwords';
import { forbidden, unauthorized } from '../../platform/errors';
import type { PublicContext, UserContext } from '../../platform/http/context';
import Bowser from 'bowser';
import { findCredentials } from './users';

/** A session without remember-me lasts a day; the browser forgets it sooner. */
const SHORT_SESSION_DAYS = 1;

/** Checks e-mail and password under the sign-in limits; answers the user's id. */
export async function verifyCredentials(
  ctx: PublicContext,
  email: string,
  password: string,
): Promise<string> {
  const limits = ctx.services.signInLimits;
  await limits.assertAllowed(ctx.db, email, ctx.ip);
  const credentials = await findCredentials(ctx.db, email);
  // Same answer, and about the same time, whether the e-mail or the password is wrong.
  const valid = await verifyPassword(credentials?.password_hash, password);
  if (!credentials || !valid) {
    await limits.recordFailure(ctx, email);
    throw unauthorized('The e-mail or password is incorrect.', 'invalid_credentials');
  }
  await limits.clear(ctx.db, email, ctx.ip);
  return credentials.id;
}

/** Starts a web session (a device) and answers its first access token and refresh token. */
export async function startWebSession(
  ctx: PublicContext,
  userId: string,
  options: {
    remember?: boolean | undefined;
    device?: DeviceInfo | undefined;
    impersonatorUserId?: string;
  } = {},
): Promise<SessionTokens> {
  const session = await createSession(ctx.db, userId, {
    kind: 'web',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    ttlDays:
      options.remember === false || options.impersonatorUserId
        ? SHORT_SESSION_DAYS
        : ctx.services.config.sessionTtlDays,
    device: withBrowserDetails(options.device, ctx.userAgent),
    impersonatorUserId: options.impersonatorUserId ?? null,
  });
  return issueTokens(ctx.services.config.appSecret, session, userId);
}

export async function startLegacySession(ctx: PublicContext, userId: string): Promise<string> {
  const session = await createSession(ctx.db, userId, {
    kind: 'legacy',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    ttlDays: ctx.services.config.sessionTtlDays,
    device: withBrowserDetails(undefined, ctx.userAgent),
  });
  return session.token;
}

/** Web sign-ins send no device details; the browser's User-Agent stands in for them. */
function withBrowserDetails(device: DeviceInfo | undefined, userAgent: string | null): DeviceInfo {
  if (device?.device_config || !userAgent) return device ?? {};
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  return {
    ...device,
    device_config: {
      make: parsed.platform.vendor ?? null,
      model: parsed.platform.model ?? (browser || null),
      os_name: parsed.os.name ?? null,
      os_version: parsed.os.versionName ?? parsed.os.version ?? null,
    },
  };
}

/** Support staff acting as a user may not take over the account (password, e-mail). */
export function refuseWhileImpersonating(ctx: UserContext) {
  if (ctx.actor.impersonatorUserId) {
    throw forbidden('Not while impersonating: only the user may do this.', 'impersonating');
  }
}
