import type { SplitListQuery } from '@tunehouse/contracts';
import { answerByCode } from './answer-invite.js';
import { listSplits } from './list-splits.js';
import { optOutOfInvites } from './opt-out.js';
import type { SplitPutInput } from './put.js';
import { readableSplit, viewSplit } from './reading.js';
import { readInvite } from './read-invite.js';
import { resendInvite } from './resend-invite.js';
import { revokeInvite } from './revoke-invite.js';
import { saveVersion } from './save-version.js';
import type { SplitsDeps } from './split-deps.js';
import { splitOfAlbum } from './split-of-album.js';

export type SplitsService = ReturnType<typeof createSplitsService>;

/**
 * Royalty splits of releases: read (owner and bound participants; anyone else gets 404), set a new version (the
 * owner), re-send and revoke invites (the owner), and read, accept and decline an invite (whoever holds its code).
 * Each use case is a file of its own taking (deps, input): list-splits.ts, split-of-album.ts, save-version.ts,
 * resend-invite.ts, revoke-invite.ts, read-invite.ts, answer-invite.ts, opt-out.ts; this binds the deps.
 */
export function createSplitsService(deps: SplitsDeps) {
  const { db } = deps;
  return {
    list: (accountId: string, query: SplitListQuery, origin: string) =>
      listSplits(deps, { accountId, query, origin }),
    get: async (accountId: string, splitId: string, origin: string) =>
      viewSplit(db, await readableSplit(db, splitId, accountId), accountId, origin),
    ofAlbum: (accountId: string, albumId: string, origin: string) =>
      splitOfAlbum(deps, { accountId, albumId, origin }),
    put: (accountId: string, albumId: string, input: SplitPutInput, origin: string) =>
      saveVersion(deps, { accountId, albumId, input, origin }),
    resend: (accountId: string, splitId: string, participantId: string) =>
      resendInvite(deps, { accountId, splitId, participantId }),
    revoke: (accountId: string, splitId: string, participantId: string, key: string) =>
      revokeInvite(deps, { accountId, splitId, participantId, key }),
    invite: (code: string, origin: string) => readInvite(deps, { code, origin }),
    optOut: (token: string) => optOutOfInvites(deps, token),
    accept: (accountId: string, code: string, key: string) =>
      answerByCode(deps, { accountId, code, action: 'ACCEPT', key }),
    decline: (accountId: string, code: string, key: string) =>
      answerByCode(deps, { accountId, code, action: 'DECLINE', key }),
  };
}
