/**
 * Challenges: the one-time secrets a user proves (the second step of a login, the e-mailed activation and
 * password-reset links). No routes of its own; the sessions, accounts and account-security domains use it.
 *
 * Exports: the challenge records (`insertChallenge`, `findSessionChallenge`, `countAttempt`, `consumeChallenge`,
 * `consumeOpenChallenges`) and the e-mailed links (`createLinkChallenge`, `redeemLinkChallenge`).
 */
export {
  type ChallengeMethod,
  type ChallengePurpose,
  type ChallengeRecord,
  consumeChallenge,
  consumeOpenChallenges,
  countAttempt,
  findSessionChallenge,
  insertChallenge,
} from './repository.js';
export { createLinkChallenge, redeemLinkChallenge } from './service.js';
