import { resourceApi } from '../../../api/resource';
import type { ConfigItem, ConfigList } from './config-lists';
import { ownerPath } from './owner';
import type { SettingsOwner } from './owner';

export type { ReorderAnswer } from '../../../api/resource';

/**
 * The calls of one configuration list of a project or template (projects API: GET, POST,
 * PUT, DELETE and reorder under /{projects|project_templates}/{id}/{list}).
 */
export function configListApi<List extends ConfigList>(owner: SettingsOwner, list: List) {
  const api = resourceApi<ConfigItem<List>, object>(list, { parent: ownerPath(owner) });
  return {
    /** The whole list (page=all; a list is configuration, never long enough to page through). */
    list: api.all,
    create: api.create,
    update: api.update,
    /** `query` carries what a delete needs, e.g. replacementLocationStatusId of a status. */
    remove: (id: string, query?: Record<string, string>) => api.remove(id, { query }),
    reorder: api.reorder,
  };
}

/** PUT .../materials: every material of the organisation, or exactly the ones named. */
export const setMaterials = (
  owner: SettingsOwner,
  body: { add_all_materials: true } | { materialIds: string[] },
) => resourceApi('materials', { parent: ownerPath(owner) }).actOn('', body, { method: 'put' });

/** POST .../forms/sync: optionally make the list exactly formIds, then refresh every copy's name. */
export const syncForms = (owner: SettingsOwner, formIds?: string[]) =>
  resourceApi('forms', { parent: ownerPath(owner) }).actOn(
    'sync',
    formIds ? { form_ids: formIds } : {},
  );
