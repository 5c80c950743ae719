/** Pure ordering helpers behind drag and drop, the move buttons and optimistic updates. */

/** `ids` with `activeId` moved to where `overId` stands (the drop target); unchanged if unknown. */
export function moveId(ids: readonly string[], activeId: string, overId: string): string[] {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}

/** `ids` with `id` moved `step` places (negative: up), kept inside the list. */
export function moveByStep(ids: readonly string[], id: string, step: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const to = Math.min(ids.length - 1, Math.max(0, from + step));
  const target = ids[to];
  return target === undefined ? [...ids] : moveId(ids, id, target);
}

/**
 * `items` in the order of `ids`; items the ids do not name keep their relative order after them
 * (so a record created meanwhile is not lost by an optimistic reorder).
 */
export function inOrder<Item extends { id: string }>(
  items: readonly Item[],
  ids: readonly string[],
) {
  const position = new Map(ids.map((id, index) => [id, index]));
  const rank = (item: Item) => position.get(item.id) ?? ids.length;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** Whether two id lists name the same records in the same order. */
export const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);
