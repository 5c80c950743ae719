import type { Role } from '@fieldwork/contract';
import type { z, ZodType } from 'zod';
import type { ServerResponse } from 'node:http';
import type { AccessKind, ContextFor, OrganisationContext } from './context';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Documentation of a list endpoint's grammar, rendered into OpenAPI parameters. */
export interface ListDoc {
  filters: string[];
  sorts: string[];
  expands: string[];
  sums: string[];
}

/** A body the route streams itself while its transaction is still open (page=all, exports). */
export class StreamedBody {
  constructor(
    readonly contentType: string,
    readonly chunks: AsyncIterable<string>,
    /** Headers of this answer that replace the API's own (e.g. an HTML page's CSP). */
    readonly headers: Record<string, string> = {},
  ) {}
}

/** What a long-lived answer (an event stream) is handed once its request's transaction is over. */
export interface OpenStream {
  /** The response, its headers not yet written. */
  response: ServerResponse;
  /**
   * Runs work as the caller as they are now, in a transaction of its own: their credential,
   * session, membership and role are checked again (a 401 or 403 when they lost access).
   */
  asCaller<T>(work: (ctx: OrganisationContext) => Promise<T>): Promise<T>;
}

/**
 * An answer that outlives its request's transaction (GET /events): the transaction commits, and
 * `open` is then given the response to keep for as long as the client stays.
 */
export class LongAnswer {
  constructor(readonly open: (stream: OpenStream) => void) {}
}

/** An answer with a status other than the route's own (e.g. 202 for work handed to the queue). */
export class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** Headers of this answer, e.g. a redirect's location. */
    readonly headers: Record<string, string> = {},
  ) {}
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The raw query string, for the list grammar. */
  search: URLSearchParams;
  /** The request's headers (e.g. a webhook's signature). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface RouteDef<
  A extends AccessKind = AccessKind,
  P extends ZodType = ZodType,
  Q extends ZodType = ZodType,
  B extends ZodType = ZodType,
> {
  method: HttpMethod;
  /** Fastify path; organisation routes are relative to /organisations/:organisationId. */
  path: string;
  access: A;
  /** Least role that may call an organisation route (OPERATIVE when unset). */
  minRole?: Role;
  /** Least role for the same call with ?force=true (forced deletion). */
  forceRole?: Role;
  /** A rule the role columns cannot say (e.g. "operatives: only their own"), for permissions.md. */
  accessNote?: string;
  /** Organisation route only the organisation's owners may call. */
  ownerOnly?: boolean;
  /** User route only support staff may call. */
  supportOnly?: boolean;
  /** Organisation route an API key may not call even when its role suffices. */
  noApiKeys?: boolean;
  /**
   * Accepts multipart/form-data besides JSON: text fields as strings, files streamed to storage
   * as UploadedFile arrays (platform/http/multipart.ts).
   */
  multipart?: boolean;
  /**
   * The largest file a multipart field takes, counted while it streams (413 past it): set from
   * the field's upload kind (platform/uploads), below the multipart ceiling.
   */
  uploadLimits?: Record<string, number>;
  /**
   * Also takes the body as text/csv: streamed to storage before the request's transaction opens
   * and handed to the handler as a CsvUpload (platform/imports/source.ts).
   */
  csvBody?: boolean;
  /**
   * The body reaches the handler as the exact text sent (a JSON content type is not parsed), for
   * webhooks whose signature covers the bytes; declare `body: z.string()`.
   */
  rawBody?: boolean;
  summary: string;
  tags: string[];
  params?: P;
  query?: Q;
  /**
   * The body: a key it does not take is refused with a 422 naming it, unless the record the
   * route answers has it or `readOnly` names it (a GET's answer sent back); those are left out.
   */
  body?: B;
  /** Keys of the answered entity beyond its response schema's (expansions), ignored in bodies. */
  readOnly?: string[];
  list?: ListDoc;
  status?: number;
  response?: ZodType;
  /** Further success answers the handler may give as `new Answer(status, body)`. */
  otherResponses?: Record<number, ZodType>;
  handler: (
    ctx: ContextFor<A>,
    input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>,
  ) => Promise<unknown>;
}

/** Declares a route; the generic keeps the handler's context and input typed. */
export function route<
  A extends AccessKind,
  P extends ZodType = ZodType<Record<string, never>>,
  Q extends ZodType = ZodType<Record<string, never>>,
  B extends ZodType = ZodType<undefined>,
>(def: RouteDef<A, P, Q, B>): RouteDef {
  return def;
}
