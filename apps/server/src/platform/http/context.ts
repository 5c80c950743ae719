import type { Role } from '@fieldwork/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/engine';
import type { Services } from '../services';

export interface RequestMeta {
  requestId: string;
  ip: string;
  userAgent: string | null;
}

export interface PublicContext extends RequestMeta {
  /** The request's transaction, running as the row-level-security role. */
  db: Queryable;
  services: Services;
  log: FastifyBaseLogger;
}

export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

export interface UserContext extends PublicContext {
  user: AuthUser;
  sessionId: string;
}

export interface MembershipScope {
  id: string;
  role: Role;
  owner: boolean;
  guest: boolean;
}

export interface OrganisationContext extends UserContext {
  organisationId: string;
  membership: MembershipScope;
}

export type AccessKind = 'public' | 'user' | 'organisation';
export type ContextFor<A extends AccessKind> = A extends 'organisation'
  ? OrganisationContext
  : A extends 'user'
    ? UserContext
    : PublicContext;
