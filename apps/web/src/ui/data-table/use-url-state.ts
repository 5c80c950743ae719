import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Text values kept in the address's query (`?status=SUBMITTED&page=2`), each its default when
 * absent, so a list's filters, sort and page survive Back, a reload and a shared link. `update`
 * writes several at once (one history entry replaced, never a new one per keystroke); a value
 * equal to its default leaves the address.
 */
export function useUrlState<Values extends Record<string, string>>(defaults: Values) {
  const [params, setParams] = useSearchParams();
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
          const next = new URLSearchParams(current);
          const fallback = JSON.parse(defaultsKey) as Values;
          for (const [key, value] of Object.entries(changes) as Array<
            [string, string | undefined]
          >) {
            if (value === undefined || value === fallback[key]) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams, defaultsKey],
  );
  return [values, update] as const;
}

/** "2" → 2; anything else → 1. */
export const pageOf = (value: string) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};
