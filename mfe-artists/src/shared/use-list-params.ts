import { useCallback, useEffect, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginated } from '@tunehouse/contracts';
import { useDebouncedValue } from './use-debounced-value.js';
import { useSearchParams } from '@tunehouse/area-kit';

/**
 * A list's search, filters and page kept in the URL (`?q=…&offset=…`), so a link or a reload shows the same
 * list. The search box answers at once; `q` follows once typing pauses, and a new search starts at the first page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 300);
  const offset = Math.max(0, Math.floor(Number(params.get('offset'))) || 0);

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || value === 0) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const urlQ = params.get('q') ?? '';
  useEffect(() => {
    if (urlQ !== q) update({ q, offset: null });
  }, [q, urlQ, update]);

  const setOffset = useCallback((next: number) => update({ offset: next }), [update]);

  return {
    search,
    setSearch,
    q,
    offset,
    setOffset,
    param: (key: string) => params.get(key),
    /** Sets filters (null removes one) and goes back to the first page. */
    setFilters: (changes: Record<string, string | null>) => update({ ...changes, offset: null }),
    clearSearch: () => setSearch(''),
  };
}

/** A page left empty (its last item deleted, or an old link) moves to the page before it. */
export function useStepBackFromEmptyPage(
  query: UseQueryResult<Paginated<unknown>>,
  setOffset: (offset: number) => void,
): void {
  const page = query.data;
  const before =
    page && page.items.length === 0 && !query.isPlaceholderData ? page.previousOffset : undefined;
  useEffect(() => {
    if (before !== undefined) setOffset(before);
  }, [before, setOffset]);
}
