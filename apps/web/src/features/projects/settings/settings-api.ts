import type { ListResponse } from '../../../api/list-query';
import { request } from '../../../api/request';
import type { ConfigItem, ConfigList } from './config-lists';
import { ownerPath } from './owner';
import type { SettingsOwner } from './owner';

/** POST .../reorder answers per id: which moved, which could not and why. */
export interface ReorderAnswer {
  reordered: string[];
  failed: Array<{ id: string; reason: string; code?: string }>;
}

/**
 * The calls of one configuration list of a project or template (projects API: GET, POST,
 * PUT, DELETE and reorder under /{projects|project_templates}/{id}/{list}).
 */
export function configListApi<List extends ConfigList>(owner: SettingsOwner, list: List) {
  type Item = ConfigItem<List>;
  const base = `${ownerPath(owner)}/${list}`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    /** The whole list (page=all; a list is configuration, never long enough to page through). */
    list: async () =>
      (await request<ListResponse<Item>>({ method: 'get', url: base, query: { page: 'all' } }))
        .data,
    create: async (input: object) =>
      (await request<{ data: Item }>({ method: 'post', url: base, body: input })).data,
    update: async (id: string, input: object) =>
      (await request<{ data: Item }>({ method: 'put', url: one(id), body: input })).data,
    /** `query` carries what a delete needs, e.g. replacementLocationStatusId of a status. */
    remove: (id: string, query?: Record<string, string>) =>
      request<void>({
        method: 'delete',
        url: one(id),
        query: query && new URLSearchParams(query).toString(),
      }),
    reorder: (ids: string[]) =>
      request<ReorderAnswer>({ method: 'post', url: `${base}/reorder`, body: { ids } }),
  };
}

/** PUT .../materials: every material of the organisation, or exactly the ones named. */
export const setMaterials = (
  owner: SettingsOwner,
  body: { add_all_materials: true } | { materialIds: string[] },
) => request({ method: 'put', url: `${ownerPath(owner)}/materials`, body });

/** POST .../forms/sync: optionally make the list exactly formIds, then refresh every copy's name. */
export const syncForms = (owner: SettingsOwner, formIds?: string[]) =>
  request({
    method: 'post',
    url: `${ownerPath(owner)}/forms/sync`,
    body: formIds ? { form_ids: formIds } : {},
  });
