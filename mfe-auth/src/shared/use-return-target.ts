import { safeReturnPath } from '@tunehouse/shell-contract';
import { useSearchParams } from '@tunehouse/area-kit';

/**
 * Where to go once the flow ends: the `from` parameter when it is a path on this site, else home. A sign-in page is
 * never a target, so flows cannot send the user round in circles.
 */
export function useReturnTarget(): string {
  const [search] = useSearchParams();
  const target = safeReturnPath(search.get('from'));
  return target.startsWith('/auth/') ? '/' : target;
}

/** `path` with the same `from` as this page, so a flow that passes through several pages keeps its target. */
export function withFrom(path: string, from: string): string {
  return from === '/' ? path : `${path}?from=${encodeURIComponent(from)}`;
}
