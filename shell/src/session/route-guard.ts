import { loginPath, type SessionView } from '@tunehouse/shell-contract';

/** The route guards' messages. */
export const GUARD_MESSAGES = {
  unauthenticated: 'Valid session required for current page',
  challenged: 'Unchallenged session required for current page',
  suspended: 'Account suspended and authentication is required',
} as const;

export interface GuardRedirect {
  to: string;
  reason: (typeof GUARD_MESSAGES)[keyof typeof GUARD_MESSAGES];
}

/**
 * Area pages anyone may open, signed in or not: the link of a split invite mail that asks for no more invites
 * (the recipient may have no account; its signed token is the capability).
 */
const PUBLIC_AREA_PATHS = new Set(['/splits/invites/opt-out']);

/**
 * Pages that skip the checks: the public home, the authentication pages, the public area pages, and error pages —
 * a path no area owns shows the 404 page to anyone.
 */
export function isPublicPath(pathname: string, isOwned: (pathname: string) => boolean): boolean {
  return (
    pathname === '/' ||
    pathname === '/auth' ||
    pathname.startsWith('/auth/') ||
    PUBLIC_AREA_PATHS.has(pathname) ||
    !isOwned(pathname)
  );
}

/** Where a visitor of `target` (path and query) must go first, or null when they may see it. */
export function guardRoute(
  target: string,
  session: SessionView | null,
  isOwned: (pathname: string) => boolean,
): GuardRedirect | null {
  const pathname = new URL(target, 'http://x').pathname;
  if (isPublicPath(pathname, isOwned)) return null;
  if (session?.isChallenged)
    return { to: `/auth/challenge?from=${encodeURIComponent(target)}`, reason: GUARD_MESSAGES.challenged };
  if (!session?.isAuthenticated) return { to: loginPath(target), reason: GUARD_MESSAGES.unauthenticated };
  // An admin viewing a suspended account passes.
  if (session.isSuspended && !session.isAdmin)
    return { to: '/auth/suspended', reason: GUARD_MESSAGES.suspended };
  return null;
}
