import { type ReactNode, useCallback, useMemo } from 'react';
import { Link, useLocation, useParams as useRouteParams } from 'wouter';
import { useLocationSearch } from './area-location.js';

/**
 * The routing an area's pages use, in one place: wouter underneath (decision 0058: react-router cost every area
 * 13 KB gzip of a first load for these few calls). Areas import these, never the router itself, so the router
 * stays an implementation detail of area-kit.
 */
export { Link, Redirect } from 'wouter';
export { useLocationHash } from './area-location.js';

/** The path (no search, no hash) of the address; re-renders on every navigation, the shell's included. */
export function usePathname(): string {
  return useLocation()[0];
}

/** Moves within the product: `navigate('/albums/1', { replace: true })`. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return useLocation()[1];
}

/** The route's named parameters (`:id` of `/albums/:id`), as the address spells them, decoded. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  const raw = useRouteParams();
  return useMemo(() => {
    const named: Record<string, string | undefined> = {};
    // The router also lists positional captures under '0', '1', …: only the names are the route's.
    for (const [key, value] of Object.entries(raw))
      if (!/^\d+$/.test(key)) named[key] = value === undefined ? undefined : safeDecode(value);
    return named;
  }, [raw]);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

type SearchInit = URLSearchParams | string | Record<string, string>;
type SetSearch = (
  next: SearchInit | ((previous: URLSearchParams) => SearchInit),
  options?: { replace?: boolean },
) => void;

/**
 * The address's query as URLSearchParams and a setter that navigates to the same path with a new query (a new
 * history entry unless `replace`). Read from `location.search` as it is: the router's own hook decodes the
 * query once before URLSearchParams does, which turns a searched-for `%41` into `A`.
 */
export function useSearchParams(): [URLSearchParams, SetSearch] {
  const [path, navigate] = useLocation();
  const search = useLocationSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearch>(
    (next, options) => {
      // Read afresh, so that two calls in one event build on each other.
      const current = new URLSearchParams(location.search);
      const query = new URLSearchParams(typeof next === 'function' ? next(current) : next).toString();
      navigate(`${path}${query ? `?${query}` : ''}`, options);
    },
    [navigate, path],
  );
  return [params, setParams];
}

/**
 * A link that marks itself `aria-current="page"` while the address is at its path or below it (`end`: at it
 * only); the query and hash of `to` do not count.
 */
export function NavLink({
  to,
  end = false,
  children,
  className,
}: {
  to: string;
  end?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const here = comparable(usePathname());
  const target = comparable(to.split(/[?#]/)[0] ?? '');
  const active = here === target || (!end && here.startsWith(target === '/' ? '/' : `${target}/`));
  return (
    <Link to={to} className={className} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

const comparable = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';
