/** How names are compared for "the same name": trimmed, spaces collapsed, case ignored. */
export const sameNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The names (as given) that more than one record carries. */
export function duplicateNames(records: readonly { name: string }[]): Set<string> {
  const counts = new Map<string, number>();
  for (const { name } of records) {
    counts.set(sameNameKey(name), (counts.get(sameNameKey(name)) ?? 0) + 1);
  }
  return new Set(
    records.filter(({ name }) => (counts.get(sameNameKey(name)) ?? 0) > 1).map(({ name }) => name),
  );
}

/** The last six characters of an id, shown as a client's reference. */
export const shortReference = (id: string) => id.slice(-6);
