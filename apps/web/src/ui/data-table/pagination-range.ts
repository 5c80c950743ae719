import type { ListMeta } from '../../api/list-query';

/** "x–y of total" for a page of a list answer ("0 of 0" when empty). */
export function paginationRange({ total, current_page, per_page }: ListMeta): string {
  if (total === 0) return '0 of 0';
  const first = (current_page - 1) * per_page + 1;
  const last = Math.min(current_page * per_page, total);
  return `${first}–${last} of ${total}`;
}
