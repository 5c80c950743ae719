import type { BulkFailure } from '@fieldwork/contract';
import type { ListQuery, ListResponse } from './list-query';
import { request } from './request';

/** The verbs the _many endpoints offer; each answers per id (which succeeded, which failed). */
export type BulkAction = 'archive' | 'unarchive' | 'delete';

export interface BulkOutcome {
  succeeded: string[];
  failed: BulkFailure[];
}

export interface ForceOption {
  /** ?force=true: delete even when related records would otherwise block it. */
  force?: boolean;
}

/** POST archive_many → {archived, failed}; unarchive_many → {unarchived, failed}; ... */
const SUCCEEDED_KEY = { archive: 'archived', unarchive: 'unarchived', delete: 'deleted' } as const;
type BulkAnswer = Partial<Record<(typeof SUCCEEDED_KEY)[BulkAction], string[]>> & {
  failed?: BulkFailure[];
};

export interface RemoveOptions extends ForceOption {
  /** What else a delete needs, e.g. replacementLocationStatusId of a location status. */
  query?: Record<string, string>;
}

/** POST .../reorder answers per id: which moved, which could not and why. */
export interface ReorderAnswer {
  reordered: string[];
  failed: Array<{ id: string; reason: string; code?: string }>;
}

const forceQuery = ({ force }: ForceOption) => (force ? 'force=true' : undefined);
const removeQuery = ({ force, query }: RemoveOptions) => {
  const params = new URLSearchParams(query);
  if (force) params.set('force', 'true');
  return params.toString() || undefined;
};

/** "/projects/{id}": the record a nested resource lives under (`resourceApi(name, {parent})`). */
export const recordPath = (entity: string, id: string) => `/${entity}/${encodeURIComponent(id)}`;

/**
 * The generic resource pattern of spec/field-work.md (list, get, create, update, delete,
 * archive/unarchive, reorder, record actions and the _many variants) for one entity of the
 * organisation client: top level (`/{entity}`) or nested (`/{parent}/{id}/{entity}`, with
 * `parent` = `recordPath(parent, id)`).
 */
export function resourceApi<Item, Input>(resource: string, options: { parent?: string } = {}) {
  const base = `${options.parent ?? ''}/${resource}`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const unwrap = async <Data = Item>(pending: Promise<{ data: Data }>) => (await pending).data;

  return {
    resource,
    list: async (query: ListQuery) => {
      const answer = await request<ListResponse<Item>>({ method: 'get', url: base, query });
      // A list answer without its list is a failed load, not a screen that breaks on it.
      if (!Array.isArray(answer?.data)) throw new Error(`The server sent no list of ${resource}`);
      return answer;
    },
    /** Every record (page=all), for short lists such as a project's configuration. */
    all: async () =>
      (await request<ListResponse<Item>>({ method: 'get', url: base, query: { page: 'all' } }))
        .data,
    get: (id: string) => unwrap(request({ method: 'get', url: one(id) })),
    create: (input: Input) => unwrap(request({ method: 'post', url: base, body: input })),
    update: (id: string, input: Partial<Input>) =>
      unwrap(request({ method: 'put', url: one(id), body: input })),
    remove: (id: string, options: RemoveOptions = {}) =>
      request<void>({ method: 'delete', url: one(id), query: removeQuery(options) }),
    reorder: (ids: string[]) =>
      request<ReorderAnswer>({ method: 'post', url: `${base}/reorder`, body: { ids } }),
    /** POST /{entity}/{id}/{action} (e.g. move, duplicate), answering the record as {data}. */
    act: <Result = Item>(id: string, action: string, body?: unknown) =>
      unwrap<Result>(request({ method: 'post', url: `${one(id)}/${action}`, body })),
    /** GET /{entity}/{id}/{part} answering {data} (e.g. a client's activity). */
    getPart: <Part>(id: string, part: string) =>
      unwrap<Part>(request({ method: 'get', url: `${one(id)}/${part}` })),
    setArchived: (id: string, archived: boolean) =>
      unwrap(request({ method: 'post', url: `${one(id)}/${archived ? 'archive' : 'unarchive'}` })),
    bulk: async (action: BulkAction, ids: string[], options: ForceOption = {}) => {
      const answer = await request<BulkAnswer>(
        action === 'delete'
          ? {
              method: 'delete',
              url: `${base}/delete_many`,
              body: { ids },
              query: forceQuery(options),
            }
          : { method: 'post', url: `${base}/${action}_many`, body: { ids } },
      );
      const outcome: BulkOutcome = {
        succeeded: answer[SUCCEEDED_KEY[action]] ?? [],
        failed: answer.failed ?? [],
      };
      return outcome;
    },
  };
}

export type ResourceApi<Item, Input> = ReturnType<typeof resourceApi<Item, Input>>;
