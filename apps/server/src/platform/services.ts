import type { Config } from '../config';
import type { AnswerCache } from './db/answer-cache';
import type { Db } from './db/engine';
import type { PrincipalCache } from './auth/principal-cache';
import type { RefreshTokens } from './auth/refresh-tokens';
import type { SignInLimits } from './auth/sign-in-limits';
import type { LiveHub } from './live/live-hub';
import type { Mailer } from './mail/mailer';
import type { WorkQueue } from './queue/queue';
import type { FileStorage } from './storage/storage';

/** Everything a handler may need besides its scoped transaction. */
export interface Services {
  config: Config;
  storage: FileStorage;
  mailer: Mailer;
  signInLimits: SignInLimits;
  refreshTokens: RefreshTokens;
  /** Durable background work (pg-boss): enqueue in the request's transaction. */
  queue: WorkQueue;
  /** The open event streams of this process (GET /events), fed by the database's record changes. */
  live: LiveHub;
  /** Large answers kept per organisation until the change feed announces a change (db/answer-cache.ts). */
  answers: AnswerCache;
}

/** The platform's own view, which also holds the raw database (never handed to modules). */
export interface Platform extends Services {
  db: Db;
  /** Who callers are, remembered between requests (auth/principal-cache.ts). */
  principals: PrincipalCache;
}
