/** Signing in: log in, refresh the tokens, complete the second step, log out. */

import { loginRequestSchema, refreshSessionRequestSchema, verifySessionRequestSchema } from '../auth.js';
import { sessionSchema } from '../session.js';
import { endpoint, meta, noBody } from './define.js';

/** A session still waiting for its second step may verify itself (or log out, which anyone may). */
const pending = /*#__PURE__*/ meta({ access: 'pending', tag: 'sessions' });

export const login = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/sessions',
  body: loginRequestSchema,
  responses: { 201: sessionSchema },
  summary: 'Log in: a session, pending with an open challenge when the account has a second step',
  metadata: meta({ access: 'public', tag: 'sessions', botCheck: 'login' }),
});

export const refresh = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/sessions/current/refresh',
  body: refreshSessionRequestSchema,
  responses: { 200: sessionSchema },
  summary:
    'Rotate the refresh token (sent as its HttpOnly cookie, from an allowed origin only); a reused one ends its whole session',
  metadata: meta({ access: 'public', tag: 'sessions', botCheck: 'session_refresh' }),
});

export const verify = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/sessions/current/verify',
  body: verifySessionRequestSchema,
  responses: { 200: sessionSchema },
  summary: 'Complete the second step with the TOTP or e-mailed code: the verified session',
  metadata: pending,
});

export const destroy = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/sessions/current',
  body: noBody,
  responses: { 204: noBody },
  summary:
    'Log out: end the current session (and an impersonation it carries), named by the access token or, once that has expired, by the refresh cookie; the browser drops the cookie either way',
  metadata: meta({ access: 'optional', tag: 'sessions' }),
});
