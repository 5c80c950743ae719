/**
 * Where one module offers a place for a later one to plug in behaviour, instead of importing it
 * (which would run the dependency upward and close a cycle). The later module's `index.ts` exports
 * what it provides; the composition root (`src/modules.ts`) wires it before the app serves.
 */
export interface ExtensionPoint<T> {
  provide(value: T): void;
  /** The provided value; throws when the composition root has not wired it (a programming error). */
  get(): T;
}

export function extensionPoint<T>(name: string): ExtensionPoint<T> {
  let provided: T | undefined;
  return {
    provide(value) {
      provided = value;
    },
    get() {
      if (provided === undefined) throw new Error(`${name} is not wired: see src/modules.ts`);
      return provided;
    },
  };
}

/** A point several modules add to (search sections, guards): each entry once, in wiring order. */
export interface ExtensionList<T> {
  add(entry: T): void;
  all(): readonly T[];
}

export function extensionList<T>(): ExtensionList<T> {
  const entries: T[] = [];
  return {
    add(entry) {
      if (!entries.includes(entry)) entries.push(entry);
    },
    all: () => entries,
  };
}
