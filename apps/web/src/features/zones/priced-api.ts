import type { Specification, Zone } from '@fieldwork/contract';
import type { ListQuery } from '../../api/list-query';
import { resourceApi } from '../../api/resource';
import {
  useDeleteRecord,
  useResourceList,
  useResourceMutation,
  useSaveRecord,
} from '../../api/resource-hooks';

/** A zone or a specification (field-work §3: the same shape; zones alone are soft-deleted). */
export type PricedRecord = Specification & Partial<Pick<Zone, 'deleted_at'>>;
export type PricedResource = 'zones' | 'specifications';

/** A price item as the form sends it: the server computes its total. */
export interface PriceItemInput {
  id?: string;
  description: string;
  quantity: number;
  price: number;
}

/** The body of POST and PUT /zones and /specifications: only the keys the server knows. */
export interface PricedInput {
  project_id?: string;
  code: string | null;
  name: string;
  price: number;
  material_ids: string[];
  attribute_values: Array<{ attribute_id: string } & Record<string, unknown>>;
  price_items: PriceItemInput[];
}

/** What tells a zone's page from a specification's. */
export interface PricedKind {
  resource: PricedResource;
  /** "zone": "New zone", "Delete zone". */
  noun: string;
  plural: string;
  title: string;
  /** Deleting moves it to the bin, with restore ("Show deleted"): zones. */
  softDelete: boolean;
  emptyDescription: string;
}

export const ZONE_KIND: PricedKind = {
  resource: 'zones',
  noun: 'zone',
  plural: 'zones',
  title: 'Zones',
  softDelete: true,
  emptyDescription: 'Zones are the priced areas of the project that its locations belong to.',
};

export const SPECIFICATION_KIND: PricedKind = {
  resource: 'specifications',
  noun: 'specification',
  plural: 'specifications',
  title: 'Specifications',
  softDelete: false,
  emptyDescription: 'Specifications say what is installed at a location, priced by their items.',
};

const apis = {
  zones: resourceApi<PricedRecord, PricedInput>('zones'),
  specifications: resourceApi<PricedRecord, PricedInput>('specifications'),
};
export const pricedApi = (kind: PricedKind) => apis[kind.resource];

/** A zone's code and name, or a specification's ("Z1 · Riser cupboards"). */
export const pricedLabel = (record: { code: string | null; name: string }) =>
  record.code ? `${record.code} · ${record.name}` : record.name;

/** "1 zone", "3 specifications". */
export const pricedCount = (kind: PricedKind, count: number) =>
  `${count.toLocaleString()} ${count === 1 ? kind.noun : kind.plural}`;

export const usePricedList = (kind: PricedKind, query: ListQuery) =>
  useResourceList(pricedApi(kind), query);
// Locations show their zone and specification by name: a change reloads them too.
const affected = (kind: PricedKind) => [kind.resource, 'locations'] as const;
export const useSavePriced = (kind: PricedKind) => useSaveRecord(pricedApi(kind));
export const useDeletePriced = (kind: PricedKind) => useDeleteRecord(pricedApi(kind));
export const useDuplicatePriced = (kind: PricedKind) =>
  useResourceMutation(kind.resource, (id: string) => pricedApi(kind).act(id, 'duplicate', {}));
export const useRestorePriced = (kind: PricedKind) =>
  useResourceMutation(affected(kind), (id: string) => pricedApi(kind).act(id, 'restore', {}));
