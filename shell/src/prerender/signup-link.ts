import { safeReturnPath } from '@tunehouse/shell-contract';

/** Marks a prerendered link that carries the page's `from` on (start-on-interest.js sets it before the shell runs). */
export const KEEPS_FROM_ATTRIBUTE = 'data-keeps-from';

/**
 * The sign-up link of the sign-in page with the same `from` as the page, as mfe-auth's login page draws it
 * (`withFrom` of `use-return-target.ts`): a path on this site, never a sign-in page, home left out.
 */
export function signupHrefFor(search: string): string {
  const target = safeReturnPath(new URLSearchParams(search).get('from'));
  const from = target.startsWith('/auth/') ? '/' : target;
  return from === '/' ? '/auth/signup' : `/auth/signup?from=${encodeURIComponent(from)}`;
}
