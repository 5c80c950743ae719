import type {
  Material,
  MaterialGroup,
  MaterialTag,
  MaterialRateEntry,
  MaterialRateGroup,
  MaterialRatesSet,
  RateSet,
  RateSetPrice,
  Service,
} from '@fieldwork/contract';
import { MATERIAL_INPUT_TYPES } from '@fieldwork/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../api/list-query';
import { request } from '../../api/request';
import { resourceApi } from '../../api/resource';
import {
  resourceQueryKey,
  useBulkAction,
  useResourceList,
  useResourceMutation,
  useSaveRecord,
} from '../../api/resource-hooks';
import { useCurrentOrganisation } from '../../session/use-current-organisation';
import { useSession } from '../../session/use-session';

export interface MaterialInput {
  name: string;
  input_type_key: string;
  material_group_id?: string | null;
  material_tag_ids?: string[];
  add_to_all_projects?: boolean;
  add_to_all_project_templates?: boolean;
}
export interface RateSetInput {
  material_rate_group_id?: string;
  name: string;
  description: string | null;
  prices: RateSetPrice[];
}
export interface ServiceInput {
  name: string;
  description: string | null;
  operative_price: number;
  charge_price: number;
}

export const materialsApi = resourceApi<Material, MaterialInput>('materials');
export const materialGroupsApi = resourceApi<MaterialGroup, { name: string }>('material_groups');
export const materialTagsApi = resourceApi<MaterialTag, { name: string }>('material_tags');
export const rateGroupsApi = resourceApi<
  MaterialRateGroup,
  { name: string; default_material_rate_set_id?: string | null }
>('material_rate_groups');
export const rateSetsApi = resourceApi<RateSet, RateSetInput>('rate_sets');
export const servicesApi = resourceApi<Service, ServiceInput>('services');

/** Every change to materials and rates reloads these (prices show on sheets and projects). */
const AFFECTED = [
  'materials',
  'material_groups',
  'material_tags',
  'material_rate_groups',
  'rate_sets',
];

export const useMaterialList = (query: ListQuery) => useResourceList(materialsApi, query);
export const useSaveMaterial = () => useSaveRecord(materialsApi);
export const useBulkMaterialAction = () => useBulkAction(materialsApi);
export const useServiceList = (query: ListQuery) => useResourceList(servicesApi, query);
export const useSaveService = () => useSaveRecord(servicesApi);
export const useBulkServiceAction = () => useBulkAction(servicesApi);
export const useSaveRateSet = () => useSaveRecord(rateSetsApi);

/** PUT /materials/update_many: one group for every checked material. */
export const useSetMaterialGroup = () =>
  useResourceMutation(AFFECTED, ({ ids, groupId }: { ids: string[]; groupId: string | null }) =>
    materialsApi.actOn<{ updated: string[]; failed: Array<{ id: string; reason: string }> }>(
      'update_many',
      { ids, fields: { material_group_id: groupId } },
      { method: 'put' },
    ),
  );

/** Groups, tags, rate groups and sets for pickers and the rate set editor. */
function useAll<Item>(name: string, api: { all: (query?: ListQuery) => Promise<Item[]> }) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, name), 'all'],
    queryFn: () => api.all(),
  });
}
export const useMaterialGroups = () => useAll('material_groups', materialGroupsApi);
export const useMaterialTags = () => useAll('material_tags', materialTagsApi);
export const useRateGroups = () => useAll('material_rate_groups', rateGroupsApi);
export const useRateSets = () => useAll('rate_sets', rateSetsApi);

export const useCreateNamed = (
  name: 'material_groups' | 'material_tags' | 'material_rate_groups',
) =>
  useResourceMutation(AFFECTED, async (input: { name: string }) => {
    const api =
      name === 'material_groups'
        ? materialGroupsApi
        : name === 'material_tags'
          ? materialTagsApi
          : rateGroupsApi;
    const created = await api.create(input);
    return { id: created.id, name: created.name };
  });

/** GET /materials/{id}/rates: the material's entries per rate set (its own prices or the set's). */
export function useMaterialRates(materialId: string | null) {
  const { organisationId } = useSession();
  return useQuery({
    queryKey: [...resourceQueryKey(organisationId, 'materials'), 'rates', materialId],
    queryFn: () =>
      request<{ data: MaterialRateEntry[] }>({
        method: 'get',
        url: `/materials/${materialId}/rates`,
      }).then((answer) => answer.data),
    enabled: materialId !== null,
  });
}

/** PUT /materials/{id}/rates: the material's entries, whole. */
export const useSetMaterialRates = () =>
  useResourceMutation(AFFECTED, ({ id, rates }: { id: string; rates: MaterialRatesSet['rates'] }) =>
    request<{ data: MaterialRateEntry[] }>({
      method: 'put',
      url: `/materials/${id}/rates`,
      body: { rates },
    }),
  );

/** POST /materials/{id}/rates/copy: its entries onto other materials of its input type. */
export const useCopyMaterialRates = () =>
  useResourceMutation(AFFECTED, ({ id, materialIds }: { id: string; materialIds: string[] }) =>
    request<{ copied: string[]; failed: Array<{ id: string; reason: string }> }>({
      method: 'post',
      url: `/materials/${id}/rates/copy`,
      body: { material_ids: materialIds },
    }),
  );

export const useRateSetAction = () =>
  useResourceMutation(
    AFFECTED,
    ({ id, action }: { id: string; action: 'lock' | 'unlock' | 'duplicate' }) =>
      rateSetsApi.act(id, action),
  );
export const useSetGroupDefault = () =>
  useResourceMutation(AFFECTED, ({ groupId, setId }: { groupId: string; setId: string }) =>
    rateGroupsApi.update(groupId, { default_material_rate_set_id: setId }),
  );

/** "1 rate set", "3 rate sets": what a rate set CSV import creates or updates. */
export const rateSetNoun = (count: number) =>
  `${count.toLocaleString()} rate set${count === 1 ? '' : 's'}`;

/** The input type's name ("Quantity and diameter"), never its key. */
export const inputTypeName = (key: string) =>
  MATERIAL_INPUT_TYPES[key as keyof typeof MATERIAL_INPUT_TYPES]?.name ?? key;

/** "1 material", "3 materials". */
export const materialCount = (count: number) => `${count} material${count === 1 ? '' : 's'}`;
export const serviceCount = (count: number) => `${count} service${count === 1 ? '' : 's'}`;

const formats = new Map<string, Intl.NumberFormat>();
/** Money in minor units in the organisation's currency, as the user's locale writes it. */
export function useMoney() {
  const organisation = useCurrentOrganisation();
  const given = (organisation.options as { currency_code?: unknown } | undefined)?.currency_code;
  const code = (typeof given === 'string' && given ? given : 'GBP').toUpperCase();
  let format = formats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency: code });
    } catch {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP' });
    }
    formats.set(code, format);
  }
  const money = format;
  return (minor: number | null | undefined) =>
    minor === null || minor === undefined ? '—' : money.format(minor / 100);
}

/** "12.50" typed in a form → 1250 minor units; null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const match = /^\s*(\d{1,12})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
/** 1250 → "12.50", for an amount input. */
export const amountText = (minor: number | null) =>
  minor === null ? '' : `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** Reloads every materials-and-rates query (after an import or a direct create). */
export function useResourceRefresh() {
  const queryClient = useQueryClient();
  const { organisationId } = useSession();
  return () => {
    for (const name of AFFECTED)
      void queryClient.invalidateQueries({ queryKey: resourceQueryKey(organisationId, name) });
  };
}
