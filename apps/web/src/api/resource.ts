import type { BulkFailure } from '@fieldwork/contract';
import type { ClientKind } from './api-config';
import { appendQuery } from './list-query';
import type { ListQuery, ListResponse } from './list-query';
import { request } from './request';
import type { HttpMethod } from './request';

/** The verbs the _many endpoints offer; each answers per id (which succeeded, which failed). */
export type BulkAction = 'archive' | 'unarchive' | 'delete' | 'restore';

export interface BulkOutcome {
  succeeded: string[];
  failed: BulkFailure[];
}

export interface ForceOption {
  /** ?force=true: delete even when related records would otherwise block it. */
  force?: boolean;
}

/** POST archive_many → {archived, failed}; unarchive_many → {unarchived, failed}; ... */
const SUCCEEDED_KEY = {
  archive: 'archived',
  unarchive: 'unarchived',
  delete: 'deleted',
  restore: 'restored',
} as const;
type BulkAnswer = Partial<Record<(typeof SUCCEEDED_KEY)[BulkAction], string[]>> & {
  failed?: BulkFailure[];
};

export interface RemoveOptions extends ForceOption {
  /** What else a delete needs, e.g. replacementLocationStatusId of a location status. */
  query?: Record<string, string>;
}

/** How a verb beyond the generic ones is called: POST unless said, a body, a query. */
export interface CallOptions {
  method?: Exclude<HttpMethod, 'get'>;
  /** Appended to the url (e.g. force=true). */
  query?: ListQuery | string;
}

/** POST .../reorder answers per id: which moved, which could not and why. */
export interface ReorderAnswer {
  reordered: string[];
  failed: Array<{ id: string; reason: string; code?: string }>;
}

const removeQuery = ({ force, query }: RemoveOptions) => {
  const params = new URLSearchParams(query);
  if (force) params.set('force', 'true');
  return params.toString() || undefined;
};

/** "/projects/{id}": the record a nested resource lives under (`resourceApi(name, {parent})`). */
export const recordPath = (entity: string, id: string) => `/${entity}/${encodeURIComponent(id)}`;

export interface ResourceOptions {
  /** The record a nested resource lives under: `recordPath('projects', id)`. */
  parent?: string;
  /** Defaults to the organisation client; user-level resources (api_keys) use the core client. */
  client?: ClientKind;
}

/**
 * The one client of the API's resources: the generic pattern of spec/field-work.md (list, get,
 * create, update, delete, archive/unarchive, reorder and the _many variants) plus an entity's own
 * verbs, on a record (`act`) or on the collection (`actOn`), for one entity of the organisation
 * client: top level (`/{entity}`) or nested (`/{parent}/{id}/{entity}`, with `parent` =
 * `recordPath(parent, id)`).
 */
export function resourceApi<Item, Input>(resource: string, options: ResourceOptions = {}) {
  const base = `${options.parent ?? ''}/${resource}`;
  const { client } = options;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  // An answer without a body (204) unwraps to undefined rather than failing.
  const unwrap = async <Data = Item>(pending: Promise<{ data: Data } | undefined>) =>
    (await pending)?.data as Data;
  // A list answer without its list is a failed load, not a screen that breaks on it.
  const list = async <Row = Item>(pending: Promise<{ data: Row[] } | undefined>) => {
    const data = (await pending)?.data;
    if (!Array.isArray(data)) throw new Error(`The server sent no list of ${resource}`);
    return data;
  };
  const read = <Answer>(url: string, query?: ListQuery | string, signal?: AbortSignal) =>
    request<Answer>({ method: 'get', url, query, client, signal });
  const send = <Answer>(url: string, body: unknown, call: CallOptions = {}) => {
    const method = call.method ?? 'post';
    // request() appends a query for get and delete only (platform §7); the rest carry it here.
    const inUrl = method !== 'delete';
    const target = inUrl ? appendQuery(url, call.query) : url;
    return request<Answer>({
      method,
      url: target,
      body,
      query: inUrl ? undefined : call.query,
      client,
    });
  };

  const api = {
    resource,
    list: async (query: ListQuery) => {
      const answer = await read<ListResponse<Item>>(base, query);
      await list(Promise.resolve(answer));
      return answer;
    },
    /** Every record (page=all), for short lists such as a project's configuration. */
    all: (query: ListQuery = {}) => list(read<ListResponse<Item>>(base, { ...query, page: 'all' })),
    /**
     * GET of the collection (or `/{entity}/{part}`) answered as it comes, for collections whose
     * answer is not a list page: the members' {active, inactive, invited}, a quota, a search.
     * `signal` aborts it (a newer search replacing an older one).
     */
    overview: <Answer>(part?: string, query?: ListQuery | string, signal?: AbortSignal) =>
      read<Answer>(part ? `${base}/${part}` : base, query, signal),
    /** GET /select_options/{entity}: every option (id, name, archived_at) for pickers. */
    selectOptions: <Option = { id: string; name: string; archived_at: string | null }>(
      query?: ListQuery | string,
    ) => list<Option>(read<{ data: Option[] }>(`/select_options/${resource}`, query)),
    get: (id: string, query?: ListQuery) => unwrap(read<{ data: Item }>(one(id), query)),
    /** The input as JSON, or as multipart FormData where the entity takes files with it. */
    create: (input: Input | FormData) => unwrap(send<{ data: Item }>(base, input)),
    /** PUT, or PATCH where a partial change is the point (a sheet's autosaved answers). */
    update: (id: string, input: Partial<Input> | FormData, method: 'put' | 'patch' = 'put') =>
      unwrap(send<{ data: Item }>(one(id), input, { method })),
    remove: (id: string, options: RemoveOptions = {}) =>
      request<void>({ method: 'delete', url: one(id), query: removeQuery(options), client }),
    reorder: (ids: string[]) => send<ReorderAnswer>(`${base}/reorder`, { ids }),
    /**
     * A record's own verb, `POST /{entity}/{id}/{action}` (or the method given: PUT
     * /members/{id}/role), answering the record (or what `Result` names) as {data}.
     */
    act: <Result = Item>(id: string, action: string, body?: unknown, call?: CallOptions) =>
      unwrap<Result>(send(`${one(id)}/${action}`, body, call)),
    /**
     * A verb of the collection, `POST /{entity}/{action}` (e.g. invite, a `_many` verb, a
     * build; '' posts to the collection itself), answered as it comes.
     */
    actOn: <Answer = unknown>(action: string, body?: unknown, call?: CallOptions) =>
      send<Answer>(action ? `${base}/${action}` : base, body, call),
    /** GET /{entity}/{id}/{part} answering {data} (e.g. a client's activity). */
    getPart: <Part>(id: string, part: string, query?: ListQuery) =>
      unwrap<Part>(read<{ data: Part }>(`${one(id)}/${part}`, query)),
    setArchived: (id: string, archived: boolean) => api.act(id, archived ? 'archive' : 'unarchive'),
    /** The _many verbs, each id answered: which succeeded, which failed and why. */
    bulk: async (action: BulkAction, ids: string[], options: ForceOption = {}) => {
      const answer =
        action === 'delete'
          ? await api.actOn<BulkAnswer>(
              'delete_many',
              { ids },
              {
                method: 'delete',
                query: options.force ? 'force=true' : undefined,
              },
            )
          : await api.actOn<BulkAnswer>(`${action}_many`, { ids });
      const outcome: BulkOutcome = {
        succeeded: answer?.[SUCCEEDED_KEY[action]] ?? [],
        failed: answer?.failed ?? [],
      };
      return outcome;
    },
  };
  return api;
}

export type ResourceApi<Item, Input> = ReturnType<typeof resourceApi<Item, Input>>;
