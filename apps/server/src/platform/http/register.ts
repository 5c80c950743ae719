import type { ServerResponse } from 'node:http';
import { ID_PATTERN, ROLE_RANK, type Role } from '@fieldwork/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import {
  openingScript,
  readCredential,
  scopeScript,
  type ApiKeyPrincipalRow,
  type Credential,
  type SessionPrincipalRow,
} from '../auth/principal';
import type { PrincipalRow } from '../auth/principal-cache';
import type { Queryable } from '../db/engine';
import {
  AppError,
  forbidden,
  fromZodError,
  notFound,
  unauthorized,
  validationFailure,
} from '../errors';
import type { Platform } from '../services';
import type { MembershipScope, OrganisationContext, PublicContext, UserContext } from './context';
import { sortBodyKeys } from './body-keys';
import { Answer, LongAnswer, StreamedBody, type RouteDef } from './route';

/** Methods whose answer may go out before the COMMIT of a transaction that wrote nothing. */
const READS = new Set(['GET', 'HEAD']);

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
  const credential = credentialOf(platform, def, request);
  const afterCommit: Array<() => Promise<void>> = [];
  const afterRequest: Array<() => Promise<void>> = [];
  const afterRollback: Array<() => Promise<void>> = [];
  const runAll = (tasks: Array<() => Promise<void>>) =>
    Promise.all(
      tasks.map((task) =>
        task().catch((error: unknown) => request.log.error({ err: error }, 'deferred task failed')),
      ),
    );

  const STREAMED = Symbol('streamed');
  let openingWrote = false;
  // A caller remembered by the principal cache needs no lookup: the scope alone opens the
  // transaction, sent on the wire together with the handler's first statement.
  const scope = organisationId ?? '';
  const known = credential.kind === 'none' ? undefined : platform.principals.get(credential, scope);
  const mark = platform.principals.mark();
  const result = await platform.db
    .transactionWith<unknown, PrincipalRow>(
      known
        ? scopeScript(scopedUserId(credential, known), scope)
        : opening(platform, credential, organisationId),
      async (tx, opened) => {
        const row = known ?? opened[0];
        if (!known && row && credential.kind !== 'none') {
          openingWrote = row.touched;
          platform.principals.remember(credential, scope, row, mark);
        }
        const base = baseContext(platform, tx, request, {
          afterCommit,
          afterRequest,
          afterRollback,
        });
        // Who may call is settled before the input is read: a caller without access learns nothing.
        const ctx =
          credential.kind === 'none'
            ? base
            : principalContext(def, base, credential, row, organisationId, search);
        const input = {
          params: parseParams(def.params, rawParams),
          query: parse(def.query, Object.fromEntries(search), 'query'),
          body: parseBody(def, request.body),
          search,
          headers: request.headers,
        };
        const output = await def.handler(ctx, input);
        if (!(output instanceof StreamedBody)) return output;
        await stream(reply, output);
        return STREAMED;
      },
      {
        deferOpening: known !== undefined,
        // A read that wrote nothing (the engine watches the handler's statements; the opening
        // says whether it touched a last use) and left nothing to run after the commit is
        // answered while its COMMIT is on the wire: there is nothing to lose.
        answerBeforeCommit: () =>
          READS.has(request.method) && !openingWrote && afterCommit.length === 0,
        onBackgroundError: (error) =>
          request.log.error({ err: error }, 'the COMMIT of an answered read failed'),
      },
    )
    .catch(async (error: unknown) => {
      await runAll(afterRollback);
      throw error;
    })
    .finally(() => runAll(afterRequest));
  void runAll(afterCommit);
  // A write is answered only after its commit, so a client never sees a success rolled back.
  if (result === STREAMED) return reply;
  if (result instanceof LongAnswer && organisationId) {
    reply.hijack();
    const raw = reply.raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) raw.setHeader(name, value);
    }
    result.open({
      response: raw,
      asCaller: (work) => asCaller(platform, def, request, work),
    });
    return reply;
  }
  if (result instanceof Answer) {
    return reply.code(result.status).headers(result.headers).send(result.body);
  }
  if (result === undefined) return reply.code(def.status ?? 204).send();
  return reply.code(def.status ?? 200).send(result);
}

/**
 * Runs work as a long answer's caller as they are now, in a transaction of its own: the
 * credential is read again (an expired access token is a 401), and the session, membership and
 * role found again (from the principal cache, which forgets on every revocation).
 */
async function asCaller<T>(
  platform: Platform,
  def: RouteDef,
  request: FastifyRequest,
  work: (ctx: OrganisationContext) => Promise<T>,
): Promise<T> {
  const organisationId = organisationIdOf(request);
  const credential = credentialOf(platform, def, request);
  if (credential.kind === 'none') throw unauthorized('No access token was sent.', 'missing_token');
  const known = platform.principals.get(credential, organisationId);
  const mark = platform.principals.mark();
  const deferred = { afterCommit: [], afterRequest: [], afterRollback: [] };
  return platform.db.transactionWith<T, PrincipalRow>(
    known
      ? scopeScript(scopedUserId(credential, known), organisationId)
      : opening(platform, credential, organisationId),
    async (tx, opened) => {
      const row = known ?? opened[0];
      if (!known && row) platform.principals.remember(credential, organisationId, row, mark);
      const base = baseContext(platform, tx, request, deferred);
      const search = new URLSearchParams();
      const ctx = principalContext(def, base, credential, row, organisationId, search);
      return work(ctx as OrganisationContext);
    },
    { deferOpening: known !== undefined },
  );
}

/**
 * Settles whether the request's caller may call the route before the request's transaction opens
 * (receiving uploads): from the principal cache, or in a short transaction of its own that leaves
 * the caller remembered for the request itself.
 */
export async function assertMayCall(platform: Platform, def: RouteDef, request: FastifyRequest) {
  if (def.access === 'public') return;
  const organisationId = def.access === 'organisation' ? organisationIdOf(request) : undefined;
  const credential = credentialOf(platform, def, request);
  if (credential.kind === 'none') return;
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  const deferred = { afterCommit: [], afterRequest: [], afterRollback: [] };
  const scope = organisationId ?? '';
  const known = platform.principals.get(credential, scope);
  if (known) {
    const base = baseContext(platform, platform.db, request, deferred);
    principalContext(def, base, credential, known, organisationId, search);
    return;
  }
  const mark = platform.principals.mark();
  await platform.db.transactionWith<void, PrincipalRow>(
    opening(platform, credential, organisationId),
    async (tx, opened) => {
      const row = opened[0];
      if (row) platform.principals.remember(credential, scope, row, mark);
      principalContext(
        def,
        baseContext(platform, tx, request, deferred),
        credential,
        row,
        organisationId,
        search,
      );
      return Promise.resolve();
    },
  );
}

/** The user a remembered caller scopes: an access token names it, a legacy session's row does. */
function scopedUserId(credential: Credential, row: PrincipalRow): string {
  if (credential.kind === 'access_token') return credential.userId;
  return credential.kind === 'legacy' ? row.id : '';
}

/** The caller's credential, checked without the database; a bad access token ends here. */
function credentialOf(
  platform: Platform,
  def: RouteDef,
  request: FastifyRequest,
): Exclude<Credential, { kind: 'invalid' }> {
  if (def.access === 'public') return { kind: 'none' };
  const credential = readCredential(readBearer(request), platform.config.appSecret);
  if (credential.kind === 'invalid') {
    throw unauthorized('The access token is invalid or has expired.', 'invalid_token');
  }
  return credential;
}

const opening = (platform: Platform, credential: Credential, organisationId: string | undefined) =>
  openingScript(credential, organisationId ?? '', platform.config.supportEmails);

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
  deferred: Record<'afterCommit' | 'afterRequest' | 'afterRollback', Array<() => Promise<void>>>,
): PublicContext {
  return {
    db: tx,
    services: platform,
    log: request.log,
    requestId: request.id,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    deviceId: deviceIdOf(request.headers['x-device-id']),
    afterCommit: (task) => deferred.afterCommit.push(task),
    afterRequest: (task) => deferred.afterRequest.push(task),
    afterRollback: (task) => deferred.afterRollback.push(task),
  };
}

const deviceIdOf = (header: string | string[] | undefined) =>
  typeof header === 'string' && header.trim() ? header.trim().slice(0, 200) : null;

function readBearer(request: FastifyRequest): string {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey) return apiKey;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized('No access token was sent.', 'missing_token');
  return match[1];
}

/**
 * Who calls, from the row the opening script found (see auth/principal.ts): no row means the
 * session or key is gone (revoked, expired, deleted), which takes effect at once.
 */
function principalContext(
  def: RouteDef,
  base: PublicContext,
  credential: Exclude<Credential, { kind: 'none' } | { kind: 'invalid' }>,
  row: PrincipalRow | undefined,
  organisationId: string | undefined,
  search: URLSearchParams,
): UserContext | OrganisationContext {
  if (credential.kind === 'api_key') {
    if (!organisationId) {
      throw forbidden('API keys may only call organisation routes.', 'api_key_not_allowed');
    }
    const key = row as ApiKeyPrincipalRow | undefined;
    if (!key) throw unauthorized('The API key is invalid or has been deleted.', 'invalid_api_key');
    const membership = { id: null, role: API_KEY_ROLE, owner: false, guest: false };
    assertAllowed(def, membership, true, search);
    const actor = { type: 'API_KEY', apiKeyId: key.api_key_id, impersonatorUserId: null } as const;
    const user = { id: key.id, name: key.name, email: key.email };
    return { ...base, user, actor, organisationId, membership };
  }

  const principal = row as SessionPrincipalRow | undefined;
  if (!principal)
    throw unauthorized('The access token is invalid or has expired.', 'invalid_token');
  const user = { id: principal.id, name: principal.name, email: principal.email };
  const actor = {
    type: 'USER',
    apiKeyId: null,
    impersonatorUserId: principal.impersonator_user_id,
  } as const;
  if (def.supportOnly && !principal.support) {
    throw forbidden('Only support staff may do this.', 'support_only');
  }
  if (!organisationId) return { ...base, user, sessionId: principal.session_id, actor };

  // Non-members learn nothing: an unknown organisation and someone else's answer alike.
  if (!principal.role)
    throw forbidden('You are not a member of this organisation.', 'not_a_member');
  const membership: MembershipScope = {
    id: principal.membership_id,
    role: principal.role,
    owner: principal.owner === true,
    guest: principal.guest === true,
  };
  assertAllowed(def, membership, false, search);
  return { ...base, user, actor, organisationId, membership };
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

/** A body without keys: what a route that declares no body takes. */
const NO_KEYS = z.object({});

/**
 * The one place a write body's keys are checked (platform §8, like Stripe's unknown parameters):
 * a key the route neither takes nor answers is refused with a 422 naming it; one it only
 * answers (an id, a timestamp, a count, a related record's name) is left out before validation.
 */
function parseBody(def: RouteDef, value: unknown): unknown {
  if (def.rawBody || READS.has(def.method)) return parse(def.body, value, '');
  const sorted = sortBodyKeys(value, def.body ?? NO_KEYS, def.response, new Set(def.readOnly));
  const result = def.body?.safeParse(sorted.body);
  if (!sorted.unknown.length) {
    if (!result) return value;
    if (result.success) return result.data;
  }
  const unknown = sorted.unknown.map((field) => ({
    field,
    message: 'Not a field this call takes.',
    code: 'unknown_field',
  }));
  // Unknown keys are named together with the other fields' failures, in one answer.
  const invalid = result && !result.success ? (fromZodError(result.error).errors ?? []) : [];
  throw validationFailure([...unknown, ...invalid]);
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
  raw.writeHead(200, { ...body.headers, 'content-type': body.contentType });
  try {
    for await (const chunk of body.chunks) {
      // A client that goes away mid-stream stops the reading: leaving the loop closes the
      // cursor and the transaction ends, instead of waiting for a 'drain' that never comes.
      if (!raw.write(chunk) && !(await drained(raw))) return;
    }
    raw.end();
  } catch (error) {
    raw.destroy(error instanceof Error ? error : undefined);
    throw error instanceof AppError ? error : new Error('Stream failed', { cause: error });
  }
}

/** Waits until the response takes more (true) or its connection has closed (false). */
function drained(raw: ServerResponse): Promise<boolean> {
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (more: boolean) => () => {
      raw.off('drain', onDrain);
      raw.off('close', onClose);
      resolve(more);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    raw.once('drain', onDrain);
    raw.once('close', onClose);
  });
}
