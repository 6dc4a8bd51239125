/** Open to everyone: sign-up, e-mail activation, password reset (ask for the link, then set the password). */

import {
  emailActivationRequestSchema,
  passwordResetLinkRequestSchema,
  passwordResetRequestSchema,
  signupReceiptSchema,
  signupRequestSchema,
} from '../auth.js';
import { userWithSessionSchema } from '../session.js';
import { endpoint, meta, noBody } from './define.js';

export const signup = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/signup',
  body: signupRequestSchema,
  responses: { 202: signupReceiptSchema },
  summary:
    'Create an account: the same answer whether or not the address has one; the activation link (or, for a taken address, a note to its owner) is e-mailed',
  metadata: meta({ access: 'public', tag: 'accounts', botCheck: 'signup' }),
});

export const activateEmail = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/emails',
  body: emailActivationRequestSchema,
  responses: { 200: userWithSessionSchema },
  summary: 'Confirm the e-mail address with the link’s challenge id and secret: the user with a session',
  metadata: meta({ access: 'public', tag: 'accounts', botCheck: 'verify_email' }),
});

export const requestPasswordReset = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/passwords/new',
  body: passwordResetLinkRequestSchema,
  responses: { 204: noBody },
  summary: 'E-mail a password-reset link; the same answer whether or not the address has an account',
  metadata: meta({ access: 'public', tag: 'accounts', botCheck: 'password_reset' }),
});

export const resetPassword = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/passwords',
  body: passwordResetRequestSchema,
  responses: { 200: userWithSessionSchema },
  summary: 'Set a new password with the link’s challenge id and secret: the user with a session',
  metadata: meta({ access: 'public', tag: 'accounts' }),
});
