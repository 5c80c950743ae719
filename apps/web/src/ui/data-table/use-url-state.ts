import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { Location } from 'react-router-dom';

/**
 * The query last written from each address, until the router moves on to the next one. React
 * Router hands a functional `setSearchParams` the query of the render that made it, not the
 * latest: two writes in one render (a search and the page reset it causes, from two hooks) would
 * each start from the same older query, and the second would drop the first. Writes from the
 * same address build on this instead. Keyed by the router's location object, which is new for
 * every navigation, so an entry is never used again once the address has changed.
 */
const writtenFrom = new WeakMap<Location, URLSearchParams>();

/**
 * Text values kept in the address's query (`?status=SUBMITTED&page=2`), each its default when
 * absent, so a list's filters, sort and page survive Back, a reload and a shared link. `update`
 * writes several at once (one history entry replaced, never a new one per keystroke); a value
 * equal to its default leaves the address. Writes in the same render, from any of these hooks,
 * add up rather than overwrite each other.
 */
export function useUrlState<Values extends Record<string, string>>(defaults: Values) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const defaultsKey = JSON.stringify(defaults);
  const values = useMemo(() => {
    const read = JSON.parse(defaultsKey) as Values;
    for (const key of Object.keys(read) as Array<keyof Values & string>) {
      const value = params.get(key);
      if (value !== null) read[key] = value as Values[typeof key];
    }
    return read;
  }, [params, defaultsKey]);

  const update = useCallback(
    (changes: Partial<Values>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(writtenFrom.get(location) ?? current);
          const fallback = JSON.parse(defaultsKey) as Values;
          for (const [key, value] of Object.entries(changes) as Array<
            [string, string | undefined]
          >) {
            if (value === undefined || value === fallback[key]) next.delete(key);
            else next.set(key, value);
          }
          writtenFrom.set(location, next);
          return next;
        },
        { replace: true },
      ),
    [setParams, defaultsKey, location],
  );
  return [values, update] as const;
}

/** "2" → 2; anything else → 1. */
export const pageOf = (value: string) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};
