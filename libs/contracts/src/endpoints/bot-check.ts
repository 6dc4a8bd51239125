/** The proof-of-work challenges whose solutions bot-checked requests carry. */

import { botCheckChallengeSchema } from '../bot-check.js';
import { endpoint, meta } from './define.js';

export const challenge = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/v1/bot-check/challenge',
  responses: { 200: botCheckChallengeSchema },
  summary: 'A proof-of-work challenge (ALTCHA, SHA-256); send its solution in the x-bot-check header',
  metadata: meta({ access: 'public', tag: 'bot-check' }),
});
