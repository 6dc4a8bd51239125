import { type ReactNode, useCallback, useMemo } from 'react';
import { Link, useLocation, useParams as useRouteParams } from 'react-router';
import { navigateTo, useLocationSearch } from './area-location.js';

/**
 * The routing an area's pages use, in one place: react-router underneath, one copy shared by every area (decision
 * 0065). Areas import these, never the router itself (an eslint rule keeps it so), so the router stays an
 * implementation detail of area-kit and only the few members used here reach the browser.
 */
export { Link, Navigate as Redirect } from 'react-router';
export { useLocationHash } from './area-location.js';

/** The path (no search, no hash) of the address; re-renders on every navigation, the shell's included. */
export function usePathname(): string {
  return useLocation().pathname;
}

/**
 * Moves within the product: `navigate('/albums/1', { replace: true })`. The router's own navigator, which stays
 * the same function across renders (react-router's `useNavigate` answers a new one at every location, which
 * re-runs the effects that list it).
 */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return navigateTo;
}

/** The route's named parameters (`:id` of `/albums/:id`), decoded (react-router decodes them). */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useRouteParams();
}

type SearchInit = URLSearchParams | string | Record<string, string>;
type SetSearch = (
  next: SearchInit | ((previous: URLSearchParams) => SearchInit),
  options?: { replace?: boolean },
) => void;

/**
 * The address's query as URLSearchParams and a setter that navigates to the same path with a new query (a new
 * history entry unless `replace`). Read from `location.search` as it is, and each call builds on the address as
 * it is then, so that two calls in one event build on each other (react-router's own setter starts both from the
 * query of the last render).
 */
export function useSearchParams(): [URLSearchParams, SetSearch] {
  const path = usePathname();
  const search = useLocationSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearch>(
    (next, options) => {
      // Read afresh, so that two calls in one event build on each other.
      const current = new URLSearchParams(location.search);
      const query = new URLSearchParams(typeof next === 'function' ? next(current) : next).toString();
      navigateTo(`${path}${query ? `?${query}` : ''}`, options);
    },
    [path],
  );
  return [params, setParams];
}

/**
 * A link that marks itself `aria-current="page"` while the address is at its path or below it (`end`: at it
 * only); the query and hash of `to` do not count. (react-router's NavLink also adds an `active` class and brings
 * its view-transition and data-router code along; the areas' styles read `aria-current`.)
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
  const active = useIsCurrent(to, end);
  return (
    <Link to={to} className={className} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

const comparable = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';

/**
 * Whether the address is at `to`'s path or below it (`end`: at it only); the query and hash of `to` do not count.
 * What marks a navigation link `aria-current="page"`.
 */
export function useIsCurrent(to: string, end = false): boolean {
  const here = comparable(usePathname());
  const target = comparable(to.split(/[?#]/)[0] ?? '');
  return here === target || (!end && here.startsWith(target === '/' ? '/' : `${target}/`));
}
