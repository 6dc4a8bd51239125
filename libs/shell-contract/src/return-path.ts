/**
 * A `from` or return target is only followed when it is a path on this site: `/albums?x=1` yes,
 * `//evil.example`, `https://evil.example` or `javascript:` no (open-redirect protection).
 */
export function safeReturnPath(candidate: string | null | undefined, fallback = '/'): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\'))
    return fallback;
  try {
    const url = new URL(candidate, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The login route with the return target, e.g. `/auth/login?expired=true&from=%2Falbums`. */
export function loginPath(from: string, expired = false): string {
  const query = new URLSearchParams();
  if (expired) query.set('expired', 'true');
  query.set('from', from);
  return `/auth/login?${query.toString()}`;
}
