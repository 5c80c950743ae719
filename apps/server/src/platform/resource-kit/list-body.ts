import type { FilterValue } from '@fieldwork/contract';
import { z } from 'zod';

/** A list grammar sent as a body (exports, experimental get): filters and a sort, merged over the query string's. */
export const exportBodySchema = z
  .object({
    filter: z
      .record(
        z.string(),
        z.union([
          z.string(),
          z.number(),
          z.boolean(),
          z.null(),
          z.array(z.union([z.string(), z.number()])),
        ]),
      )
      .optional(),
    sort: z.string().optional(),
  })
  .optional();

/** Merges a body's {filter, sort} into the query string's list grammar. */
export function withBodyQuery(
  search: URLSearchParams,
  body: { filter?: Record<string, FilterValue>; sort?: string | undefined } | undefined,
) {
  const merged = new URLSearchParams(search);
  for (const [field, value] of Object.entries(body?.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    merged.set(`filter[${field}]`, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (body?.sort) merged.set('sort', body.sort);
  merged.delete('page');
  return merged;
}
