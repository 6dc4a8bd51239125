/**
 * The signed-in user's e-mail address, password, TOTP second step and active sessions
 * (docs/decisions/0019-account-security-and-identity.md). The changes are refused to an impersonation (403).
 */

import {
  activeSessionListSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  confirmTotpRequestSchema,
  disableSecondStepRequestSchema,
  sessionParamsSchema,
  totpEnrolmentSchema,
} from '../account-security.js';
import { currentUserSchema } from '../auth.js';
import { endpoint, meta, noBody } from './define.js';

const signedIn = /*#__PURE__*/ meta({ access: 'session', tag: 'account security' });

export const changeEmail = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/users/me/email',
  body: changeEmailRequestSchema,
  responses: { 200: currentUserSchema },
  summary: 'Change the e-mail address (current password asked again): the user',
  description:
    'The new address is unconfirmed until the mailed activation link is followed; every other session ' +
    'of the user ends. Wrong current password: 400 on body.currentPassword; address taken: 409 on ' +
    'body.email; impersonation: 403.',
  metadata: signedIn,
});

export const changePassword = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/users/me/password',
  body: changePasswordRequestSchema,
  responses: { 204: noBody },
  summary: 'Change the password (current password asked again); every other session ends',
  metadata: signedIn,
});

export const startTotp = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/users/me/second-step/totp',
  body: noBody,
  responses: { 201: totpEnrolmentSchema },
  summary: 'Start setting up an authenticator app: a new TOTP secret, not used until confirmed',
  metadata: signedIn,
});

export const confirmTotp = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/users/me/second-step/totp/confirm',
  body: confirmTotpRequestSchema,
  responses: { 200: currentUserSchema },
  summary: 'Confirm the new TOTP secret with a first code: every later login asks for a code',
  metadata: signedIn,
});

export const turnOffSecondStep = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/users/me/second-step',
  body: disableSecondStepRequestSchema,
  responses: { 204: noBody },
  summary: 'Turn second-step verification off (current password asked again)',
  metadata: signedIn,
});

export const listSessions = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/sessions',
  responses: { 200: activeSessionListSchema },
  summary: 'The signed-in user’s active sessions, most recently used first; `current` marks this one',
  metadata: signedIn,
});

export const endSession = /*#__PURE__*/ endpoint({
  method: 'DELETE',
  path: '/v1/sessions/:id',
  pathParams: sessionParamsSchema,
  body: noBody,
  responses: { 204: noBody },
  summary: 'End one of the user’s sessions (404 when it is not theirs or has ended)',
  metadata: signedIn,
});
