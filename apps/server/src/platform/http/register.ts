import { ID_PATTERN, ROLE_RANK, type Role } from '@fieldwork/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { authenticate, type Authenticated } from '../auth/sessions';
import type { Queryable } from '../db/engine';
import { AppError, forbidden, fromZodError, notFound, unauthorized } from '../errors';
import type { Platform } from '../services';
import type { MembershipScope, OrganisationContext, PublicContext } from './context';
import { StreamedBody, type RouteDef } from './route';

export const ORGANISATION_PREFIX = '/organisations/:organisationId';

export function fullPath(def: RouteDef): string {
  return def.access === 'organisation' ? ORGANISATION_PREFIX + def.path : def.path;
}

export function registerRoutes(app: FastifyInstance, platform: Platform, routes: RouteDef[]) {
  for (const def of routes) {
    app.route({
      method: def.method,
      url: fullPath(def),
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
  const auth = def.access === 'public' ? null : await authenticateRequest(platform, request);
  const organisationId = rawParams.organisationId;
  if (def.access === 'organisation' && !ID_PATTERN.test(organisationId ?? '')) {
    throw forbidden('You are not a member of this organisation.', 'not_a_member');
  }
  const input = {
    params: parseParams(def.params, rawParams),
    query: parse(def.query, Object.fromEntries(search), 'query'),
    body: parse(def.body, request.body, ''),
    search,
  };

  const STREAMED = Symbol('streamed');
  const result = await platform.db.transaction(async (tx) => {
    await tx.query(
      `SELECT set_config('role', 'fieldwork_app', true),
              set_config('app.organisation_id', $1, true),
              set_config('app.user_id', $2, true)`,
      [organisationId ?? '', auth?.user.id ?? ''],
    );
    const base: PublicContext = {
      db: tx,
      services: platform,
      log: request.log,
      requestId: request.id,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    };
    const ctx =
      def.access === 'organisation' && auth && organisationId
        ? await organisationContext(tx, base, auth, organisationId, def.minRole ?? 'OPERATIVE')
        : { ...base, ...(auth ?? {}) };

    const output = await def.handler(ctx, input);
    if (!(output instanceof StreamedBody)) return output;
    await stream(reply, output);
    return STREAMED;
  });
  // Answered only after the commit, so a client never sees a success that was rolled back.
  if (result === STREAMED) return reply;
  if (result === undefined) return reply.code(def.status ?? 204).send();
  return reply.code(def.status ?? 200).send(result);
}

async function authenticateRequest(
  platform: Platform,
  request: FastifyRequest,
): Promise<Authenticated> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('No access token was sent.', 'missing_token');
  const auth = await authenticate(platform.db, match[1]);
  if (!auth) throw unauthorized('The access token is invalid or has expired.', 'invalid_token');
  return auth;
}

async function organisationContext(
  tx: Queryable,
  base: PublicContext,
  auth: Authenticated,
  organisationId: string,
  minRole: Role,
): Promise<OrganisationContext> {
  const { rows } = await tx.query<MembershipScope>(
    `SELECT id, role, owner, guest FROM memberships
      WHERE organisation_id = $1 AND user_id = $2 AND active AND deleted_at IS NULL`,
    [organisationId, auth.user.id],
  );
  const membership = rows[0];
  // Non-members learn nothing: an unknown organisation and someone else's answer alike.
  if (!membership) throw forbidden('You are not a member of this organisation.', 'not_a_member');
  if (ROLE_RANK[membership.role] < ROLE_RANK[minRole]) {
    throw forbidden(`This needs the ${minRole} role or higher.`, 'role_required');
  }
  return { ...base, ...auth, organisationId, membership };
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
