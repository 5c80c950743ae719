export interface SortState<Column extends string> {
  column: Column;
  direction: 'asc' | 'desc';
}

/** The sort parameter of the list grammar: "name" ascending, "-name" descending. */
export function toSortParam<Column extends string>({ column, direction }: SortState<Column>) {
  return direction === 'desc' ? `-${column}` : column;
}

/** Clicking a header sorts by it ascending; clicking it again flips the direction. */
export function nextSort<Column extends string>(
  current: SortState<Column>,
  column: Column,
): SortState<Column> {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
