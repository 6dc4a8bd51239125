/** Where the session is kept between page loads: one string, or nothing. */
export interface SessionStorage {
  load(): string | null;
  save(value: string | null): void;
}

/** Browsers drop a cookie larger than 4096 bytes (name, value and attributes) without saying so. */
export const MAX_COOKIE_BYTES = 4096;
const DEFAULT_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export interface CookieSessionStorageOptions {
  name: string;
  /** The base domain, so every subdomain (shell and areas) reads the same session. Default: the page's host. */
  domain?: string;
  /** Lifetime of the cookie; default 90 days (the API's longest session). The session's own expiry still rules. */
  maxAgeSeconds?: number;
  /** For tests; default `globalThis.document`. Without one, nothing is loaded or saved. */
  document?: { cookie: string };
}

/**
 * The session cookie — path /, Secure, SameSite=None, on the base domain. The value is the
 * URI-encoded session JSON: the user, the access token and the session's expiry, what pages read. It holds no
 * refresh token: that one is the API's HttpOnly cookie, out of page scripts' reach (decision 0054). Throws when
 * the cookie would be too large to be kept.
 */
export function cookieSessionStorage(options: CookieSessionStorageOptions): SessionStorage {
  const target = () =>
    options.document ?? (globalThis as { document?: { cookie: string } }).document ?? undefined;
  const attributes = [
    'Path=/',
    ...(options.domain ? [`Domain=${options.domain}`] : []),
    'Secure',
    'SameSite=None',
  ].join('; ');
  const prefix = `${options.name}=`;
  return {
    load() {
      const doc = target();
      if (!doc) return null;
      const entry = doc.cookie.split(/;\s*/).find((part) => part.startsWith(prefix));
      if (entry === undefined) return null;
      const raw = entry.slice(prefix.length);
      if (raw === '') return null;
      try {
        return decodeURIComponent(raw);
      } catch {
        return null;
      }
    },
    save(value) {
      const doc = target();
      if (!doc) return;
      if (value === null) {
        doc.cookie = `${prefix}; Max-Age=0; ${attributes}`;
        return;
      }
      const cookie = `${prefix}${encodeURIComponent(value)}; Max-Age=${options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS}; ${attributes}`;
      if (new TextEncoder().encode(cookie).length > MAX_COOKIE_BYTES)
        throw new Error(`The session cookie would be larger than ${MAX_COOKIE_BYTES} bytes`);
      doc.cookie = cookie;
    },
  };
}

/** Keeps the session in memory only (tests, server-side rendering). */
export function memorySessionStorage(
  initial: string | null = null,
): SessionStorage & { value: string | null } {
  const storage = {
    value: initial,
    load: () => storage.value,
    save: (value: string | null) => {
      storage.value = value;
    },
  };
  return storage;
}
