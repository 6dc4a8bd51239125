/**
 * Analytics events go to a local record. Open to everyone (an error page may have no session); a valid bearer
 * token attributes the event to its user.
 */

import { analyticsEventSchema } from '../events.js';
import { endpoint, meta, noBody } from './define.js';

export const record = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/v1/events',
  body: analyticsEventSchema,
  responses: { 204: noBody },
  summary: 'Record an analytics event (page:error, login, ...)',
  metadata: meta({ access: 'optional', tag: 'events' }),
});
