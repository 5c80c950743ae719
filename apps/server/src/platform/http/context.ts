import type { Role } from '@fieldwork/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/engine';
import type { Services } from '../services';

export interface RequestMeta {
  requestId: string;
  ip: string;
  userAgent: string | null;
  /** The X-Device-Id header: the phone or tablet acting (device locks on jobs), else null. */
  deviceId?: string | null;
}

export interface PublicContext extends RequestMeta {
  /** The request's transaction, running as the row-level-security role. */
  db: Queryable;
  services: Services;
  log: FastifyBaseLogger;
  /** Runs a task once the request's transaction has committed (e.g. delivering e-mail). */
  afterCommit(task: () => Promise<void>): void;
  /** Runs a task once the request's transaction has ended, committed or rolled back. */
  afterRequest(task: () => Promise<void>): void;
  /**
   * Runs a task once the request's transaction has rolled back: undoes what the request did
   * outside the database (e.g. removes a file it wrote), since nothing refers to it now.
   */
  afterRollback(task: () => Promise<void>): void;
}

export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

/** Who acts: a user (maybe impersonated by support staff) or an organisation's API key. */
export interface Actor {
  type: 'USER' | 'API_KEY';
  apiKeyId: string | null;
  impersonatorUserId: string | null;
}

export interface Principal {
  /** The signed-in user; for an API key, the user who created it. */
  user: AuthUser;
  actor: Actor;
}

export interface UserContext extends PublicContext, Principal {
  sessionId: string;
}

export interface MembershipScope {
  /** null when an API key acts for the organisation. */
  id: string | null;
  role: Role;
  owner: boolean;
  guest: boolean;
}

export interface OrganisationContext extends PublicContext, Principal {
  organisationId: string;
  membership: MembershipScope;
}

export type AccessKind = 'public' | 'user' | 'organisation';
export type ContextFor<A extends AccessKind> = A extends 'organisation'
  ? OrganisationContext
  : A extends 'user'
    ? UserContext
    : PublicContext;
