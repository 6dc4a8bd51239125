/**
 * Splits: a release's royalty split (docs/decisions/0045-royalty-splits.md) — participants with shares in basis
 * points, versions effective from the first day of an open month, invites accepted or declined with the money held
 * in the meantime, recoupments, and the division of each track's owner share at period close.
 *
 * Exports:
 * - `createSplitsService({ db, mailer, config })`: list/get/ofAlbum/put/resend/revoke/invite/accept/decline/optOut,
 *   and `splitRoutes({ splits, auth, rateLimits })`: the endpoints of `endpoints.splits`. Invite mails: a verified
 *   owner only, daily limits, the recipient's opt-out (docs/decisions/0061-impersonation-and-split-invites.md).
 * - `splitsOfTunehouse`: the periods' SplitsPort (`allocateOwnerShare`), which the close divides owner shares with.
 * - `divideOwnerShare(input)`: the pure division (recoupments first, then largest remainder by basis points).
 * - `saveSplit(tx, { albumId, accountId, input, now })`: a new version inside a transaction, answering the invites
 *   made (not mailed): the demo seed and tests; `answerParticipant(tx, { splitId, participantId, action, key,
 *   callerAccountId })` answers for a participant (the seed's acceptance; the owner's revoke).
 * - `inviteHash(code)`, `inviteUrl(siteUrl, code)`.
 * - `heldForAccount(q, accountId)`: cents held for the account's pending invites (the wallet's held amount).
 */
export { splitsOfTunehouse } from './allocation.js';
export { answerInvite, answerParticipant, type AnswerAction } from './answers.js';
export { divideOwnerShare, type DivisionInput } from './divide.js';
export { inviteHash, inviteUrl } from './invite-codes.js';
export { heldForAccount, participantByInvite } from './repository.js';
export { saveSplit, type SplitPutInput } from './put.js';
export { splitRoutes } from './routes.js';
export { createSplitsService, type SplitsService } from './service.js';
