/**
 * The platform simulators' public store pages: a release that went live on a simulated platform shows there, so
 * its links, promotion page and QR codes work end to end without sending anyone to a made-up URL on a real store.
 */

import { z } from 'zod';
import { simulatedStoreParamsSchema } from '../../platforms.js';
import { endpoint, meta } from '../define.js';

export const storePage = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/simulator/stores/:platform/:platformId',
  pathParams: simulatedStoreParamsSchema,
  responses: { 200: z.unknown().describe('An HTML page') },
  summary: 'A simulated platform’s public page of a release that is live on it',
  metadata: meta({ access: 'public', tag: 'delivery', file: true, fileType: 'text/html' }),
});
