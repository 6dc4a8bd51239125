import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { createUser } from '../../testing/fixtures.js';
import { testDatabasePool } from '../../testing/test-database.js';
import { PLATFORM_ACCOUNTS, balanceOf, heldKey, transfer, walletBalance } from '../ledger/index.js';
import { insertAlbum } from '../releases/index.js';
import { type AnswerAction, answerInvite } from './answers.js';
import { beneficiaryKeyOf } from './divide.js';
import { inviteHash } from './invite-codes.js';
import { saveSplit } from './put.js';
import { participantById, participantByInvite } from './repository.js';

const db = testDatabasePool();
const PEOPLE = 3;
const TAKERS = 2;

/** Accruals into a participant's share as a close books them, and answers (replays among them) in any order. */
type Step =
  | { kind: 'accrue'; who: number; cents: number }
  | { kind: 'answer'; who: number; action: AnswerAction; taker: number; key: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('accrue' as const),
    who: fc.nat({ max: PEOPLE - 1 }),
    cents: fc.integer({ min: 1, max: 100_000 }),
  }),
  fc.record({
    kind: fc.constant('answer' as const),
    who: fc.nat({ max: PEOPLE - 1 }),
    action: fc.constantFrom<AnswerAction>('ACCEPT', 'DECLINE', 'REVOKE'),
    taker: fc.nat({ max: TAKERS - 1 }),
    key: fc.nat({ max: 2 }),
  }),
);

describe('accruals and answers', () => {
  it('conserve money, never pay twice, and leave nothing held once answered', async () => {
    const owner = await createUser(db);
    const takers = await Promise.all(Array.from({ length: TAKERS }, () => createUser(db)));
    const ownerId = owner.account.id;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const albumId = await insertAlbum(db, ownerId);
        const { splitId, invites } = await withTransaction(db, (tx) =>
          saveSplit(tx, {
            albumId,
            accountId: ownerId,
            now: new Date(),
            input: {
              effectiveFrom: `${new Date().toISOString().slice(0, 7)}-01`,
              participants: Array.from({ length: PEOPLE }, (_, index) => ({
                email: `p${index}-${randomUUID()}@example.test`,
                role: 'Player',
                basisPoints: 1_000,
              })),
              tracks: [],
              recoupments: [],
            },
          }),
        );
        const keys = [randomUUID(), randomUUID(), randomUUID()];
        const wallets = [ownerId, ...takers.map((taker) => taker.account.id)];
        const before = await Promise.all(wallets.map((id) => walletBalance(db, id)));
        let accrued = 0;
        const answered = new Map<string, { action: AnswerAction; key: string; released: number }>();

        for (const s of steps) {
          const invite = invites[s.who]!;
          if (s.kind === 'accrue') {
            const participant = (await participantById(db, splitId, invite.participantId, false))!;
            await transfer(db, {
              idempotencyKey: `accrue-${randomUUID()}`,
              debit: PLATFORM_ACCOUNTS.storeReceivables,
              credit: beneficiaryKeyOf(participant, `wallet:${ownerId}`),
              amount: s.cents,
              kind: participant.status === 'PENDING' ? 'CLOSE_HELD' : 'SPLIT_INCOME',
              refs: { splitId },
            });
            accrued += s.cents;
            continue;
          }
          const key = keys[s.key]!;
          const caller = s.action === 'REVOKE' ? ownerId : takers[s.taker]!.account.id;
          const heldBefore = await balanceOf(db, heldKey(invite.participantId));
          try {
            const result = await withTransaction(db, async (tx) => {
              const participant =
                s.action === 'REVOKE'
                  ? await participantById(tx, splitId, invite.participantId, true)
                  : await participantByInvite(tx, inviteHash(invite.code), true);
              return answerInvite(tx, participant!, {
                action: s.action,
                key,
                callerAccountId: caller,
                ownerAccountId: ownerId,
                now: new Date(),
              });
            });
            const first = answered.get(invite.participantId);
            if (first) {
              // Only the same question with the same key gets an answer again, and it moves nothing.
              expect([first.action, first.key]).toEqual([s.action, key]);
              expect(result.released).toBe(first.released);
            } else {
              expect(result.released).toBe(heldBefore);
              answered.set(invite.participantId, { action: s.action, key, released: result.released });
            }
          } catch (error) {
            if (!(error instanceof ApiError) || error.statusCode !== 409) throw error;
          }
          if (answered.has(invite.participantId))
            expect(await balanceOf(db, heldKey(invite.participantId))).toBe(0);
        }

        const after = await Promise.all(wallets.map((id) => walletBalance(db, id)));
        const held = await Promise.all(invites.map((invite) => balanceOf(db, heldKey(invite.participantId))));
        const gained = after.reduce((sum, balance, index) => sum + balance - before[index]!, 0);
        expect(gained + held.reduce((sum, cents) => sum + cents, 0)).toBe(accrued);
        invites.forEach((invite, index) => {
          if (answered.has(invite.participantId)) expect(held[index]).toBe(0);
        });
      }),
      { numRuns: 25 },
    );
    // Every run is real transactions against PostgreSQL: 6-16 s at a load average of 15, too near vitest's 20 s when
    // CI's other suites share the two cores.
  }, 120_000);
});
