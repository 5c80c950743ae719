import { ID_PATTERN, ROLE_RANK, type Role } from '@fieldwork/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { authenticateApiKey, isApiKeySecret } from '../auth/api-keys';
import { authenticate } from '../auth/sessions';
import { isSupportStaff } from '../auth/support';
import type { Queryable } from '../db/engine';
import { AppError, forbidden, fromZodError, notFound, unauthorized } from '../errors';
import type { Platform } from '../services';
import type { MembershipScope, OrganisationContext, PublicContext, UserContext } from './context';
import { StreamedBody, type RouteDef } from './route';

export const ORGANISATION_PREFIX = '/organisations/:organisationId';

/** The rank an API key acts with: it may read and write data, not manage people or keys. */
export const API_KEY_ROLE: Role = 'MANAGER';

export function fullPath(def: RouteDef): string {
  return def.access === 'organisation' ? ORGANISATION_PREFIX + def.path : def.path;
}

export function registerRoutes(app: FastifyInstance, platform: Platform, routes: RouteDef[]) {
  for (const def of routes) {
    app.route({
      method: def.method,
      url: fullPath(def),
      config: { rawBody: def.rawBody === true },
      handler: (request, reply) => handle(platform, def, request, reply),
    });
  }
}

async function handle(
  platform: Platform,
  def: RouteDef,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  const rawParams = request.params as Record<string, string>;
  const organisationId = def.access === 'organisation' ? organisationIdOf(request) : undefined;
  const bearer = def.access === 'public' ? null : readBearer(request);
  const afterCommit: Array<() => Promise<void>> = [];
  const afterRequest: Array<() => Promise<void>> = [];
  const runAll = (tasks: Array<() => Promise<void>>) =>
    Promise.all(
      tasks.map((task) =>
        task().catch((error: unknown) => request.log.error({ err: error }, 'deferred task failed')),
      ),
    );

  const STREAMED = Symbol('streamed');
  const result = await platform.db
    .transaction(async (tx) => {
      await setScope(tx, organisationId ?? '', '');
      const base = baseContext(platform, tx, request, afterCommit, afterRequest);
      // Who may call is settled before the input is read: a caller without access learns nothing.
      const ctx = bearer
        ? await principalContext(platform, def, base, bearer, organisationId, search)
        : base;
      const input = {
        params: parseParams(def.params, rawParams),
        query: parse(def.query, Object.fromEntries(search), 'query'),
        body: parse(def.body, request.body, ''),
        search,
        headers: request.headers,
      };
      const output = await def.handler(ctx, input);
      if (!(output instanceof StreamedBody)) return output;
      await stream(reply, output);
      return STREAMED;
    })
    .finally(() => runAll(afterRequest));
  void runAll(afterCommit);
  // Answered only after the commit, so a client never sees a success that was rolled back.
  if (result === STREAMED) return reply;
  if (result === undefined) return reply.code(def.status ?? 204).send();
  return reply.code(def.status ?? 200).send(result);
}

/**
 * Settles whether the request's caller may call the route, in a short transaction of its own:
 * for work that must happen before the request's transaction opens (receiving uploads).
 */
export async function assertMayCall(platform: Platform, def: RouteDef, request: FastifyRequest) {
  if (def.access === 'public') return;
  const organisationId = def.access === 'organisation' ? organisationIdOf(request) : undefined;
  const bearer = readBearer(request);
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  await platform.db.transaction(async (tx) => {
    await setScope(tx, organisationId ?? '', '');
    const base = baseContext(platform, tx, request, [], []);
    await principalContext(platform, def, base, bearer, organisationId, search);
  });
}

function organisationIdOf(request: FastifyRequest): string {
  const organisationId = (request.params as Record<string, string>).organisationId ?? '';
  if (!ID_PATTERN.test(organisationId)) {
    throw forbidden('You are not a member of this organisation.', 'not_a_member');
  }
  return organisationId;
}

function baseContext(
  platform: Platform,
  tx: Queryable,
  request: FastifyRequest,
  afterCommit: Array<() => Promise<void>>,
  afterRequest: Array<() => Promise<void>>,
): PublicContext {
  return {
    db: tx,
    services: platform,
    log: request.log,
    requestId: request.id,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    afterCommit: (task) => afterCommit.push(task),
    afterRequest: (task) => afterRequest.push(task),
  };
}

const setScope = (tx: Queryable, organisationId: string, userId: string) =>
  tx.query(
    `SELECT set_config('role', 'fieldwork_app', true),
            set_config('app.organisation_id', $1, true),
            set_config('app.user_id', $2, true)`,
    [organisationId, userId],
  );

function readBearer(request: FastifyRequest): string {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey) return apiKey;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized('No access token was sent.', 'missing_token');
  return match[1];
}

async function principalContext(
  platform: Platform,
  def: RouteDef,
  base: PublicContext,
  bearer: string,
  organisationId: string | undefined,
  search: URLSearchParams,
): Promise<UserContext | OrganisationContext> {
  const tx = base.db;
  if (isApiKeySecret(bearer)) {
    if (!organisationId) {
      throw forbidden('API keys may only call organisation routes.', 'api_key_not_allowed');
    }
    // The key is looked up with its organisation in scope, so another organisation's key fails.
    const key = await authenticateApiKey(tx, bearer);
    if (!key) throw unauthorized('The API key is invalid or has been deleted.', 'invalid_api_key');
    const membership = { id: null, role: API_KEY_ROLE, owner: false, guest: false };
    assertAllowed(def, membership, true, search);
    const actor = { type: 'API_KEY', apiKeyId: key.apiKeyId, impersonatorUserId: null } as const;
    return { ...base, user: key.user, actor, organisationId, membership };
  }

  const auth = await authenticate(tx, platform.config.appSecret, bearer);
  if (!auth) throw unauthorized('The access token is invalid or has expired.', 'invalid_token');
  await setScope(tx, organisationId ?? '', auth.user.id);
  const actor = {
    type: 'USER',
    apiKeyId: null,
    impersonatorUserId: auth.impersonatorUserId,
  } as const;
  if (def.supportOnly && !(await isSupportStaff(tx, platform.config, auth.user.id))) {
    throw forbidden('Only support staff may do this.', 'support_only');
  }
  if (!organisationId) return { ...base, user: auth.user, sessionId: auth.sessionId, actor };

  const { rows } = await tx.query<MembershipScope>(
    `SELECT id, role, owner, guest FROM memberships
      WHERE organisation_id = $1 AND user_id = $2 AND active AND deleted_at IS NULL`,
    [organisationId, auth.user.id],
  );
  const membership = rows[0];
  // Non-members learn nothing: an unknown organisation and someone else's answer alike.
  if (!membership) throw forbidden('You are not a member of this organisation.', 'not_a_member');
  assertAllowed(def, membership, false, search);
  return { ...base, user: auth.user, actor, organisationId, membership };
}

/** The one place an organisation route's role rule (docs/permissions.md) is enforced. */
function assertAllowed(
  def: RouteDef,
  membership: MembershipScope,
  viaApiKey: boolean,
  search: URLSearchParams,
) {
  const force = ['true', '1'].includes(search.get('force') ?? '');
  const minRole = (force && def.forceRole) || def.minRole || 'OPERATIVE';
  if (viaApiKey && (def.noApiKeys || def.ownerOnly)) {
    throw forbidden('API keys may not call this route.', 'api_key_not_allowed');
  }
  if (ROLE_RANK[membership.role] < ROLE_RANK[minRole]) {
    throw forbidden(`This needs the ${minRole} role or higher.`, 'role_required');
  }
  if (def.ownerOnly && !membership.owner) {
    throw forbidden('Only an owner of the organisation may do this.', 'owner_required');
  }
}

function parse(schema: ZodType | undefined, value: unknown, prefix: string): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error, prefix);
  return result.data;
}

/** A malformed id in the path names no record: that is a 404, not a validation failure. */
function parseParams(schema: ZodType | undefined, params: Record<string, string>): unknown {
  if (!schema) return params;
  const result = schema.safeParse(params);
  if (!result.success) throw notFound();
  return result.data;
}

/** Streams a body while the transaction is open, honouring back-pressure. */
async function stream(reply: FastifyReply, body: StreamedBody) {
  reply.hijack();
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, { 'content-type': body.contentType });
  try {
    for await (const chunk of body.chunks) {
      if (!raw.write(chunk)) await new Promise((resolve) => raw.once('drain', resolve));
    }
    raw.end();
  } catch (error) {
    raw.destroy(error instanceof Error ? error : undefined);
    throw error instanceof AppError ? error : new Error('Stream failed', { cause: error });
  }
}
