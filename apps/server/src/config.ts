import { resolve } from 'node:path';

/**
 * What a process runs (PROCESS_ROLE, or `--role=` on the command line): `api` serves requests
 * only, `worker` runs the queue's workers and schedules only, `all` (default) both in one process.
 */
export type ProcessRole = 'all' | 'api' | 'worker';
export const PROCESS_ROLES: readonly ProcessRole[] = ['all', 'api', 'worker'];

export interface Config {
  /** What this process runs (see ProcessRole). */
  role: ProcessRole;
  /** A PostgreSQL server; when unset the embedded PGlite database in DATA_DIR is used. */
  databaseUrl: string | undefined;
  /**
   * Connections the API keeps to DATABASE_URL (DATABASE_POOL_SIZE, at least 2: at start one holds
   * the queue's set-up lock while the set-up runs on another).
   */
  databasePoolSize: number;
  /**
   * How long a caller's session and membership are remembered between requests
   * (PRINCIPAL_CACHE_SECONDS, default 30; 0 looks them up on every request). Revocations and
   * membership changes still take effect at once: see platform/auth/principal-cache.ts.
   */
  principalCacheSeconds: number;
  /**
   * How much of the API process's memory large answers kept between requests may take
   * (ANSWER_CACHE_MB, default 32; 0 keeps none): see platform/db/answer-cache.ts.
   */
  answerCacheMegabytes: number;
  /**
   * How often an event stream (GET /events) sends a heartbeat and checks that its caller still
   * has access (LIVE_HEARTBEAT_SECONDS, default 25): a revoked session's stream ends by then.
   */
  liveHeartbeatSeconds: number;
  /** Where the embedded database and locally stored files live. */
  dataDir: string;
  apiPort: number;
  webPort: number;
  host: string;
  /** Public address of the API, used to build download links. */
  publicApiUrl: string;
  /**
   * Where files live (STORAGE_URL): unset, the local folder DATA_DIR/files; or an S3-compatible
   * bucket, `s3://bucket?endpoint=…&region=…&prefix=…` (credentials from the usual AWS variables).
   */
  storageUrl: string | undefined;
  /** Where report files are served from (REPORTS_URL): the API's own address when unset. */
  publicReportsUrl: string;
  environment: string;
  /** Signs download links and support hashes; generated once per database unless APP_SECRET is set. */
  appSecret: string;
  seedDemo: boolean;
  logLevel: string;
  sessionTtlDays: number;
  /** Public address of the web app, used in e-mailed links. */
  publicWebUrl: string;
  /** Origins besides PUBLIC_WEB_URL's that may call the API from a browser (CORS_ORIGINS). */
  corsOrigins: string[];
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false (default, the socket's address
   * is the client's), true (any), a hop count, or a comma list of addresses/CIDRs.
   */
  trustProxy: TrustProxy;
  /** smtp(s)://user:pass@host:port; when unset e-mails go to the outbox table and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The PostgreSQL schema of the work queue's tables (pg-boss). */
  queueSchema: string;
  /** E-mail addresses of support staff, who may impersonate users. */
  supportEmails: string[];
  /** Outgoing webhooks (docs/webhooks.md). */
  webhooks: {
    /**
     * Endpoints may be plain http:// and may resolve to private, loopback or link-local addresses
     * (WEBHOOK_ALLOW_PRIVATE_URLS): on by default outside production (receivers on a developer's
     * machine and in tests), off in production, where only public https:// endpoints are taken.
     */
    allowPrivateUrls: boolean;
    /** Seconds before each retry of a failed delivery (WEBHOOK_RETRY_SECONDS, a comma list). */
    retrySeconds: number[];
    /** How long a delivery waits for the receiver's answer (WEBHOOK_TIMEOUT_MS, default 10 s). */
    timeoutMs: number;
  };
  /** Billing (docs/billing.md): the embedded local ledger (default) or Stripe. */
  billing: {
    provider: 'local' | 'stripe';
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    stripePriceId: string | undefined;
    /** Another Stripe API address (e.g. stripe-mock); the real one when unset. */
    stripeApiUrl: string | undefined;
  };
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = [],
): Config {
  const apiPort = Number(env.API_PORT ?? 3333);
  const host = env.HOST ?? '0.0.0.0';
  return {
    role: parseRole(argv.find((arg) => arg.startsWith('--role='))?.slice(7) ?? env.PROCESS_ROLE),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Math.max(2, Number(env.DATABASE_POOL_SIZE ?? 10)),
    principalCacheSeconds: Number(env.PRINCIPAL_CACHE_SECONDS ?? 30),
    answerCacheMegabytes: Math.max(0, Number(env.ANSWER_CACHE_MB ?? 32)),
    liveHeartbeatSeconds: Number(env.LIVE_HEARTBEAT_SECONDS ?? 25),
    // Relative to where npm was run (the repository root for `npm start`), not the workspace.
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data'),
    apiPort,
    webPort: Number(env.WEB_PORT ?? 3000),
    host,
    publicApiUrl: env.PUBLIC_API_URL ?? `http://localhost:${apiPort}`,
    storageUrl: env.STORAGE_URL || undefined,
    publicReportsUrl: env.PUBLIC_REPORTS_URL ?? env.PUBLIC_API_URL ?? `http://localhost:${apiPort}`,
    environment: env.APP_ENV ?? 'local',
    appSecret: env.APP_SECRET ?? '',
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionTtlDays: Number(env.SESSION_TTL_DAYS ?? 30),
    publicWebUrl: env.PUBLIC_WEB_URL ?? `http://localhost:${env.WEB_PORT ?? 3000}`,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Fieldwork <no-reply@fieldwork.local>',
    queueSchema: env.QUEUE_SCHEMA ?? 'pgboss',
    supportEmails: (env.SUPPORT_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    webhooks: {
      allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS
        ? env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true'
        : (env.APP_ENV ?? 'local') !== 'production',
      retrySeconds: (env.WEBHOOK_RETRY_SECONDS ?? '30,120,600,3600,21600,86400')
        .split(',')
        .map((part) => Number(part.trim()))
        .filter((seconds) => Number.isFinite(seconds) && seconds >= 0),
      timeoutMs: Number(env.WEBHOOK_TIMEOUT_MS ?? 10_000),
    },
    billing: {
      provider: env.BILLING_PROVIDER === 'stripe' ? 'stripe' : 'local',
      stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      stripePriceId: env.STRIPE_PRICE_ID || undefined,
      stripeApiUrl: env.STRIPE_API_URL || undefined,
    },
  };
}

export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/** TRUST_PROXY: unset/false → false; true → true; a whole number → hops; else addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text;
}

/** PROCESS_ROLE / --role=: unset → all; anything else but the three roles refuses to start. */
export function parseRole(value: string | undefined): ProcessRole {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return 'all';
  const role = PROCESS_ROLES.find((known) => known === text);
  if (!role) {
    throw new Error(
      `PROCESS_ROLE (or --role=) is "${value}": use one of ${PROCESS_ROLES.join(', ')}.`,
    );
  }
  return role;
}
