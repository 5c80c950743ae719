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

const forceQuery = ({ force }: ForceOption) => (force ? 'force=true' : undefined);

/**
 * The generic resource pattern of spec/field-work.md (list, get, create, update, delete,
 * archive/unarchive and their _many variants) for one entity of the organisation client.
 */
export function resourceApi<Item, Input>(resource: string) {
  const base = `/${resource}`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const unwrap = async (pending: Promise<{ data: Item }>) => (await pending).data;

  return {
    resource,
    list: async (query: ListQuery) => {
      const answer = await request<ListResponse<Item>>({ method: 'get', url: base, query });
      // A list answer without its list is a failed load, not a screen that breaks on it.
      if (!Array.isArray(answer?.data)) throw new Error(`The server sent no list of ${resource}`);
      return answer;
    },
    get: (id: string) => unwrap(request({ method: 'get', url: one(id) })),
    create: (input: Input) => unwrap(request({ method: 'post', url: base, body: input })),
    update: (id: string, input: Partial<Input>) =>
      unwrap(request({ method: 'put', url: one(id), body: input })),
    remove: (id: string, options: ForceOption = {}) =>
      request<void>({ method: 'delete', url: one(id), query: forceQuery(options) }),
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
