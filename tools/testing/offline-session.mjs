const base64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A session cookie as the shell keeps it, for tests and benchmarks of routing and chrome that need a
 * signed-in visitor but no API. The token is not signed: only the browser reads it, for its `exp`; any API call
 * would refuse it.
 */
export function offlineSessionCookie(shellUrl, user = {}) {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const accessToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'u-1', exp })}.signature`;
  const session = {
    id: 'offline-session',
    status: 'active',
    // As the shell keeps it: no refresh token, which lives in the API's HttpOnly cookie (decision 0054).
    token: { accessToken },
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    adminEmail: user.adminEmail ?? null,
    challenge: null,
    user: {
      id: 'u-1',
      email: 'ada@example.com',
      firstName: user.firstName ?? 'Ada',
      lastName: user.lastName ?? 'Lovelace',
      createdAt: '2026-01-01T00:00:00.000Z',
      account: { id: 'a-1', suspendedAt: user.suspended ? '2026-02-01T00:00:00.000Z' : null },
    },
  };
  return {
    name: 'tunehouse_session',
    value: encodeURIComponent(JSON.stringify(session)),
    domain: new URL(shellUrl).hostname,
    path: '/',
    secure: true,
    sameSite: 'None',
  };
}
