import { currentUserSchema, updateCurrentUserRequestSchema } from '../auth.js';
import { endpointGroup, meta } from './define.js';

/** The signed-in user reads and changes itself; nobody else's profile is reachable here. */
export const userEndpoints = endpointGroup({
  me: {
    method: 'GET',
    path: '/v1/users/me',
    responses: { 200: currentUserSchema },
    summary: 'The signed-in user',
    // A suspended account may still read who it is: the suspended page shows it.
    metadata: meta({ access: 'suspended', tag: 'users' }),
  },
  update: {
    method: 'POST',
    path: '/v1/users/me',
    body: updateCurrentUserRequestSchema,
    responses: { 200: currentUserSchema },
    summary: 'Change the signed-in user’s name, country or city',
    metadata: meta({ access: 'session', tag: 'users' }),
  },
});
