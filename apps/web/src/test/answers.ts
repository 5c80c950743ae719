import { ROLE_RANK, type Role } from '@fieldwork/contract';
import { errorResponse, jsonResponse } from './fetch-stub';

/** An answer that is `first` for the first call and `then` for every later one (a retry, a fix). */
export function firstThen(first: () => Response, then: () => Response): () => Response {
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1 ? first() : then();
  };
}

/** The API's 422 naming one field. */
export const refusal = (field: string, message: string, code = 'conflict') =>
  errorResponse(422, 'Validation Failure', { errors: [{ field, message, code }] });

/** A 403, the usual first answer of a failed load that "Try again" then loads. */
export const forbidden = () => errorResponse(403, 'Forbidden');

/** A policy table as the server declares it: each action, and the least role that may take it. */
export type PolicyTable = Record<string, Role>;

/**
 * What the server answers `role` for a record of an entity with this policy (its
 * `permissions`): each action true from its role up. Record rules are the test's own overrides.
 */
export function permissionsFor(role: Role, policy: PolicyTable): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(policy).map(([action, least]) => [action, ROLE_RANK[role] >= ROLE_RANK[least]]),
  );
}

/** The declared policies of the entities the web tests fake (the server's *.resource.ts). */
export const POLICIES = {
  projects: {
    update: 'MANAGER',
    archive: 'MANAGER',
    delete: 'MANAGER',
    force_delete: 'ADMIN',
    restore: 'MANAGER',
    manage_members: 'MANAGER',
  },
  forms: { update: 'MANAGER', archive: 'MANAGER', duplicate: 'MANAGER', delete: 'MANAGER' },
  project_templates: {
    update: 'MANAGER',
    archive: 'MANAGER',
    duplicate: 'MANAGER',
    delete: 'MANAGER',
  },
} satisfies Record<string, PolicyTable>;

/** A list answer of the list grammar: one page of `items`, its meta and any list permissions. */
export function listOf(
  items: unknown[],
  {
    total = items.length,
    page = 1,
    size = 25,
    permissions,
  }: { total?: number; page?: number; size?: number; permissions?: Record<string, boolean> } = {},
) {
  const lastPage = Math.max(1, Math.ceil(total / size));
  const meta = { total, current_page: page, per_page: size, last_page: lastPage };
  return jsonResponse({ data: items, meta: permissions ? { ...meta, permissions } : meta });
}

/** A 204 answer. */
export const noContent = () => new Response(null, { status: 204 });

export const notFound = () => errorResponse(404, 'Not Found');
