import { endpoints } from '@tunehouse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../platform/config.js';

/**
 * The refresh token's cookie (decision 0054). HttpOnly, so no page script ever reads it; SameSite=Strict, so no
 * other site's page makes the browser send it; Path limited to the calls that use it, so it rides on no other
 * request. An admin viewing the product as a user holds two: their own and the impersonation's, so that 'Back to
 * admin' finds the admin's own still there.
 */
export const REFRESH_COOKIE = 'tunehouse_refresh';
export const IMPERSONATION_REFRESH_COOKIE = 'tunehouse_refresh_impersonation';

/** The longest path prefix shared by the refresh and sign-out calls: the cookie goes to them and no further. */
export const REFRESH_COOKIE_PATH = commonPathPrefix(
  endpoints.sessions.refresh.path,
  endpoints.sessions.destroy.path,
);

function commonPathPrefix(a: string, b: string): string {
  const left = a.split('/');
  const right = b.split('/');
  const shared: string[] = [];
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    if (left[index] !== right[index]) break;
    shared.push(left[index]!);
  }
  return shared.join('/') || '/';
}

/** A refresh token just issued: the cookie that carries it lives exactly as long as the token. */
export type RefreshGrant = { token: string; expiresAt: Date; impersonation: boolean };

const cookieName = (impersonation: boolean) =>
  impersonation ? IMPERSONATION_REFRESH_COOKIE : REFRESH_COOKIE;

/**
 * Secure wherever the browser keeps a Secure cookie: HTTPS, and plain HTTP on a loopback host (browsers count
 * http://localhost as a secure context). A Secure cookie from any other plain-HTTP host would be dropped.
 */
export function refreshCookieIsSecure(publicApiUrl: string): boolean {
  const url = new URL(publicApiUrl);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function attributes(config: Pick<AppConfig, 'publicApiUrl'>, maxAgeSeconds: number): string {
  return [
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    ...(refreshCookieIsSecure(config.publicApiUrl) ? ['Secure'] : []),
    'SameSite=Strict',
  ].join('; ');
}

/** Hands the browser the refresh token of an answer that opened or rotated a session. */
export function setRefreshCookie(
  reply: FastifyReply,
  config: Pick<AppConfig, 'publicApiUrl'>,
  grant: RefreshGrant,
): void {
  const maxAge = Math.max(0, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
  appendSetCookie(reply, `${cookieName(grant.impersonation)}=${grant.token}; ${attributes(config, maxAge)}`);
}

/** Sign-out: the browser forgets the session's refresh token. */
export function clearRefreshCookie(
  reply: FastifyReply,
  config: Pick<AppConfig, 'publicApiUrl'>,
  impersonation: boolean,
): void {
  appendSetCookie(reply, `${cookieName(impersonation)}=; ${attributes(config, 0)}`);
}

function appendSetCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : [existing].flat().map(String);
  reply.header('set-cookie', [...list, cookie]);
}

/** The refresh token the browser sent in its cookie, if any. Refresh tokens are base64url: nothing to decode. */
export function refreshTokenOf(request: FastifyRequest, impersonation: boolean): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const prefix = `${cookieName(impersonation)}=`;
  for (const part of header.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return entry.slice(prefix.length) || null;
  }
  return null;
}

/**
 * Whether a refresh may run for this request. The cookie is SameSite=Strict, so no other *site* can make the
 * browser send it; but other origins on the same site (another port, a sibling subdomain) can, so the request's
 * Origin must be one of CORS_ORIGINS. A browser always sends Origin on a cross-origin POST; a request without
 * one comes from a non-browser client, which holds the cookie only if it was given it. `Sec-Fetch-Site:
 * cross-site` is refused too, for a browser that would send the cookie anyway.
 */
export function refreshOriginAllowed(request: FastifyRequest, corsOrigins: readonly string[]): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  return origin === undefined || corsOrigins.includes(origin);
}
