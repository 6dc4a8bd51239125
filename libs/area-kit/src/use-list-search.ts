import { useCallback } from 'react';
import { useSearchParams } from './routing.js';

/**
 * A list's filters and page kept in the address (`?type=…&offset=…`), so a link or a reload shows the same list.
 * `offset` is where the page starts (0 when missing or not a number); `setParam(name, value)` sets one parameter,
 * an empty value removing it, and any change but the offset's starts again from the first page.
 */
export function useListSearch() {
  const [search, setSearch] = useSearchParams();
  const offset = Math.max(0, Number.parseInt(search.get('offset') ?? '0', 10) || 0);
  const setParam = useCallback(
    (name: string, value: string) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'offset') next.delete('offset');
        return next;
      }),
    [setSearch],
  );
  return { search, offset, setParam };
}
