/** The signed-in user reads and changes itself; nobody else's profile is reachable here. */

import { currentUserSchema, updateCurrentUserRequestSchema } from '../auth.js';
import { endpoint, meta } from './define.js';

export const me = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/users/me',
  responses: { 200: currentUserSchema },
  summary: 'The signed-in user',
  // A suspended account may still read who it is: the suspended page shows it.
  metadata: meta({ access: 'suspended', tag: 'users' }),
});

export const update = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/users/me',
  body: updateCurrentUserRequestSchema,
  responses: { 200: currentUserSchema },
  summary: 'Change the signed-in user’s name, country or city',
  metadata: meta({ access: 'session', tag: 'users' }),
});
