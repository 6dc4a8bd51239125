import { BOT_CHECK_CHALLENGE_PATH, botCheckChallengeSchema } from '../bot-check.js';
import { endpointGroup, meta } from './define.js';

/** The proof-of-work challenges whose solutions bot-checked requests carry. */
export const botCheckEndpoints = endpointGroup({
  challenge: {
    method: 'GET',
    path: BOT_CHECK_CHALLENGE_PATH,
    responses: { 200: botCheckChallengeSchema },
    summary: 'A proof-of-work challenge (ALTCHA, SHA-256); send its solution in the x-bot-check header',
    metadata: meta({ access: 'public', tag: 'bot-check' }),
  },
});
