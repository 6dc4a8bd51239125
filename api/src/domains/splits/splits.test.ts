import {
  albumSplitSchema,
  endpoints,
  type Endpoint,
  type EndpointArgs,
  type Session,
  splitInviteAnswerSchema,
  splitInviteLinkSchema,
  splitInviteSchema,
  splitPutResultSchema,
  type SplitPutBody,
  splitSchema,
  splitSummaryPageSchema,
  walletMutationPageSchema,
  walletSchema,
} from '@tunehouse/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../platform/auth-guard.js';
import { withTransaction } from '../../platform/db.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, lastMailTo, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { PLATFORM_ACCOUNTS, balanceOf, heldKey, transfer, walletBalance } from '../ledger/index.js';
import { fileRevenueLines } from '../periods/index.js';
import { insertAlbum, insertTrack, updateAlbumFields } from '../releases/index.js';
import { createClosingPeriods } from '../../composition.js';

const api = endpoints.splits;
let t: TestApp;
type Person = { user: UserRecord; session: Session };
let mara: Person;
let ann: Person;
let bob: Person;
let carl: Person;
/** The first day of this month: with no period closed yet, the earliest a version may start. */
const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;

/** A signed-in person, identity-verified (only a verified owner may invite: invite-mails.test.ts). */
async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(t.db, overrides);
  await t.db.query('UPDATE accounts SET verified_at = now() WHERE id = $1', [user.account.id]);
  return { user, session: await login(t.app, user.email) };
}

/** An album of the account with `tracks` tracks, straight into the database. */
async function album(owner: Person, tracks = 2): Promise<{ id: string; tracks: string[] }> {
  return withTransaction(t.db, async (tx) => {
    const id = await insertAlbum(tx, owner.user.account.id);
    await updateAlbumFields(tx, id, { title: `Album ${id.slice(0, 4)}` });
    const ids: string[] = [];
    for (let position = 1; position <= tracks; position += 1)
      ids.push(await insertTrack(tx, owner.user.account.id, id, position, { title: `Track ${position}` }));
    return { id, tracks: ids };
  });
}

function call<E extends Endpoint>(who: Person | null, endpoint: E, args: EndpointArgs<E>) {
  const headers = (args as { headers?: Record<string, string> }).headers ?? {};
  return t.app.inject(injectOf(endpoint, args, { ...(who ? { session: who.session } : {}), headers }));
}

const put = (who: Person, albumId: string, body: SplitPutBody) =>
  call(who, api.put, { params: { id: albumId }, body });

async function putOk(who: Person, albumId: string, body: SplitPutBody) {
  return expectShape(splitPutResultSchema, await put(who, albumId, body));
}

const codeOf = (url: string) => new URL(url).searchParams.get('invite')!;
const key = () => ({ 'idempotency-key': randomUUID() });
const answer = (
  who: Person,
  endpoint: typeof api.accept | typeof api.decline,
  code: string,
  headers = key(),
) => call(who, endpoint, { params: { code }, headers });
const pathOf = (response: Awaited<ReturnType<typeof call>>) =>
  expectError(response, 400, 'VALIDATION_FAILED').details?.map((detail) => detail.path);

/** Money credited to a held account, as a close would have held it. */
async function hold(participantId: string, cents: number) {
  await transfer(t.db, {
    idempotencyKey: `test-hold-${randomUUID()}`,
    debit: PLATFORM_ACCOUNTS.storeReceivables,
    credit: heldKey(participantId),
    amount: cents,
    kind: 'CLOSE_HELD',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [mara, ann, bob, carl] = await Promise.all([person(), person(), person(), person()]);
});
afterAll(() => t.close());

describe('setting a split', () => {
  it('answers no split to the owner and 404 to anyone else', async () => {
    const release = await album(mara);
    const empty = expectShape(
      albumSplitSchema,
      await call(mara, api.ofAlbum, { params: { id: release.id } }),
    );
    expect(empty).toEqual({
      albumId: release.id,
      split: null,
      nextEffectiveFrom: thisMonth,
      takenDownAt: null,
    });
    expectError(await call(bob, api.ofAlbum, { params: { id: release.id } }), 404, 'NOT_FOUND');
    expectError(await call(mara, api.ofAlbum, { params: { id: randomUUID() } }), 404, 'NOT_FOUND');
    expectError(await call(null, api.ofAlbum, { params: { id: release.id } }), 401, 'UNAUTHENTICATED');
    const body = { effectiveFrom: thisMonth, participants: [] };
    expectError(await put(bob, release.id, body), 404, 'NOT_FOUND');
  });

  it('says when the release was taken down, and refuses a change to its split then', async () => {
    const release = await album(mara);
    const body = { effectiveFrom: thisMonth, participants: [] };
    await putOk(mara, release.id, body);
    const live = expectShape(albumSplitSchema, await call(mara, api.ofAlbum, { params: { id: release.id } }));
    expect(live.takenDownAt).toBeNull();
    await t.db.query(`UPDATE albums SET deleted_at = '2026-11-02T10:00:00Z' WHERE id = $1`, [release.id]);
    const closed = expectShape(
      albumSplitSchema,
      await call(mara, api.ofAlbum, { params: { id: release.id } }),
    );
    expect(closed.takenDownAt).toBe('2026-11-02T10:00:00.000Z');
    expect(closed.split?.album.id).toBe(release.id);
    expect(expectError(await put(mara, release.id, body), 409, 'CONFLICT').message).toMatch(/taken down/);
  });

  it('makes a version, invites by e-mail with a link and keeps invitees out until they accept', async () => {
    const release = await album(mara);
    const result = await putOk(mara, release.id, {
      effectiveFrom: thisMonth,
      participants: [
        { email: ann.user.email, role: 'Producer', basisPoints: 3_000 },
        { email: 'Newcomer@Example.test', role: 'Co-writer', basisPoints: 2_000 },
      ],
    });
    const { split } = result;
    expect(split.viewerRole).toBe('OWNER');
    expect(split.participants.map((p) => [p.email, p.basisPoints, p.status, p.isOwner])).toEqual([
      [mara.user.email, 5_000, 'ACCEPTED', true],
      [ann.user.email, 3_000, 'PENDING', false],
      ['newcomer@example.test', 2_000, 'PENDING', false],
    ]);
    expect(split.versions).toHaveLength(1);
    expect(split.currentVersion).toBe(1);
    expect(result.invites.map((invite) => invite.email)).toEqual([ann.user.email, 'newcomer@example.test']);
    for (const invite of result.invites) {
      expect(invite.url).toMatch(new RegExp(`^${t.config.siteUrl}/splits/\\?invite=[\\w-]{43}$`));
      expect((await lastMailTo(t.db, invite.email)).link).toBe(invite.url);
    }
    // Only a hash of the code is stored.
    const stored = await t.db.query('SELECT 1 FROM split_participants WHERE invite_hash::text LIKE $1', [
      `%${codeOf(result.invites[0]!.url)}%`,
    ]);
    expect(stored.rowCount).toBe(0);

    for (const who of [ann, bob]) {
      expectError(await call(who, api.get, { params: { id: split.id } }), 404, 'NOT_FOUND');
      expectError(await call(who, api.ofAlbum, { params: { id: release.id } }), 404, 'NOT_FOUND');
    }
    // The code is a capability: another account holding it reads the offer.
    const offer = expectShape(
      splitInviteSchema,
      await call(bob, api.invite, { params: { code: codeOf(result.invites[0]!.url) } }),
    );
    expect(offer).toMatchObject({ splitId: split.id, basisPoints: 3_000, status: 'PENDING', expired: false });
    expect(offer.tracks.map((track) => track.basisPoints)).toEqual([3_000, 3_000]);
  });

  it('names the field of every rule the body schema cannot check', async () => {
    const release = await album(mara);
    const other = await album(bob);
    const base = { effectiveFrom: thisMonth, participants: [] };
    expect(
      pathOf(
        await put(mara, release.id, {
          ...base,
          tracks: [
            {
              trackId: other.tracks[0]!,
              participants: [{ email: 'x@example.test', role: 'A', basisPoints: 1 }],
            },
          ],
        }),
      ),
    ).toEqual([['body', 'tracks', 0, 'trackId']]);
    expect(
      pathOf(
        await put(mara, release.id, {
          ...base,
          participants: [{ email: mara.user.email.toUpperCase(), role: 'Me', basisPoints: 100 }],
        }),
      ),
    ).toEqual([['body', 'participants', 0, 'email']]);
    const many = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        email: `${prefix}${index}@example.test`,
        role: 'R',
        basisPoints: 1,
      }));
    expect(
      pathOf(
        await put(mara, release.id, {
          ...base,
          participants: many('a', 30),
          tracks: [{ trackId: release.tracks[0]!, participants: many('b', 25) }],
        }),
      ),
    ).toEqual([['body', 'participants']]);
    expect(
      pathOf(
        await put(mara, release.id, {
          ...base,
          participants: [
            { email: 'a@example.test', role: 'R', basisPoints: 6_000 },
            { email: 'b@example.test', role: 'R', basisPoints: 5_000 },
          ],
        }),
      ),
    ).toEqual([['body', 'participants']]);
    expect(pathOf(await put(mara, release.id, { ...base, effectiveFrom: '2020-01-01' }))).toEqual([
      ['body', 'effectiveFrom'],
    ]);
    expect(
      pathOf(await put(mara, release.id, { ...base, effectiveFrom: `${thisMonth.slice(0, 8)}02` })),
    ).toEqual([['body', 'effectiveFrom']]);
    expect(
      pathOf(
        await put(mara, release.id, {
          ...base,
          recoupments: [{ label: 'Mixing', paidByEmail: 'nobody@example.test', amount: 100 }],
        }),
      ),
    ).toEqual([['body', 'recoupments', 0, 'paidByEmail']]);
    // Nothing was written by the refused requests.
    const none = expectShape(albumSplitSchema, await call(mara, api.ofAlbum, { params: { id: release.id } }));
    expect(none.split).toBeNull();
  });
});

describe('invites', () => {
  let releaseId: string;
  let splitId: string;
  let annCode: string;
  let newcomerCode: string;
  const base = (newcomerShare: number, effectiveFrom = thisMonth): SplitPutBody => ({
    effectiveFrom,
    participants: [
      { email: ann.user.email, role: 'Producer', basisPoints: 3_000 },
      { email: 'someone@example.test', role: 'Mixing', basisPoints: newcomerShare },
    ],
  });

  beforeAll(async () => {
    releaseId = (await album(mara)).id;
    const result = await putOk(mara, releaseId, base(2_000));
    splitId = result.split.id;
    [annCode, newcomerCode] = result.invites.map((invite) => codeOf(invite.url)) as [string, string];
  });

  it('needs an Idempotency-Key, and refuses the owner both answers', async () => {
    const noKey = await call(ann, api.accept, { params: { code: annCode }, headers: {} as never });
    expect(pathOf(noKey)).toEqual([['headers', 'idempotency-key']]);
    expect(expectError(await answer(mara, api.accept, annCode), 409, 'CONFLICT').message).toMatch(
      /your own split/,
    );
    // Declining for the invitee would show them as having declined (review 2026-11-27, N6).
    expect(expectError(await answer(mara, api.decline, newcomerCode), 409, 'CONFLICT').message).toMatch(
      /your own split: you cannot decline/,
    );
    const split = expectShape(splitSchema, await call(mara, api.get, { params: { id: splitId } }));
    expect(split.participants.filter((p) => !p.isOwner).map((p) => p.status)).toEqual(['PENDING', 'PENDING']);
    expectError(await answer(ann, api.accept, 'x'.repeat(43)), 404, 'NOT_FOUND');
  });

  it('accepts once: the same key answers the same, another answer is a 409', async () => {
    const headers = key();
    const first = expectShape(splitInviteAnswerSchema, await answer(ann, api.accept, annCode, headers));
    expect(first).toEqual({ status: 'ACCEPTED', splitId, released: 0 });
    expect(expectShape(splitInviteAnswerSchema, await answer(ann, api.accept, annCode, headers))).toEqual(
      first,
    );
    expectError(await answer(ann, api.accept, annCode), 409, 'CONFLICT');
    expectError(await answer(ann, api.decline, annCode, headers), 409, 'CONFLICT');

    const seen = expectShape(splitSchema, await call(ann, api.get, { params: { id: splitId } }));
    expect(seen.viewerRole).toBe('PARTICIPANT');
    expect(seen.participants.map((p) => [p.email, p.isViewer])).toEqual([
      [null, false],
      [ann.user.email, true],
      [null, false],
    ]);
    const list = expectShape(
      splitSummaryPageSchema,
      await call(ann, api.list, { query: { role: 'participant' } }),
    );
    expect(list.items.map((item) => [item.id, item.viewerStatus, item.viewerBasisPoints])).toEqual([
      [splitId, 'ACCEPTED', 3_000],
    ]);
    const owned = expectShape(
      splitSummaryPageSchema,
      await call(ann, api.list, { query: { role: 'owner' } }),
    );
    expect(owned.items).toEqual([]);
    const maras = expectShape(splitSummaryPageSchema, await call(mara, api.list, { query: {} }));
    expect(maras.items.find((item) => item.id === splitId)).toMatchObject({
      viewerRole: 'OWNER',
      viewerBasisPoints: 5_000,
      participantCount: 3,
      pendingCount: 1,
    });
    // Bob holds no place on the split and cannot read it.
    expectError(await call(bob, api.get, { params: { id: splitId } }), 404, 'NOT_FOUND');
  });

  it('keeps unchanged participants as they are and re-invites changed ones', async () => {
    const result = await putOk(mara, releaseId, base(2_500));
    expect(result.invites.map((invite) => invite.email)).toEqual(['someone@example.test']);
    expect(result.split.participants.map((p) => p.status)).toEqual(['ACCEPTED', 'ACCEPTED', 'PENDING']);
    // A version with the same effective date supersedes: the newest number is in force.
    expect(result.split.versions.map((v) => [v.number, v.effectiveFrom])).toEqual([
      [2, thisMonth],
      [1, thisMonth],
    ]);
    expect(result.split.currentVersion).toBe(2);
    // The old link of the changed invite stopped working; the new one works.
    expectError(await call(bob, api.invite, { params: { code: newcomerCode } }), 404, 'NOT_FOUND');
    newcomerCode = codeOf(result.invites[0]!.url);
    expect(
      expectShape(splitInviteSchema, await call(bob, api.invite, { params: { code: newcomerCode } })),
    ).toMatchObject({
      basisPoints: 2_500,
    });
  });

  it('re-sends: a new link, the old one dead; only the owner, only while pending', async () => {
    const participantId = (await call(bob, api.invite, { params: { code: newcomerCode } })).json()
      .participantId;
    const params = { id: splitId, participantId };
    expectError(await call(bob, api.resend, { params }), 404, 'NOT_FOUND');
    const link = expectShape(splitInviteLinkSchema, await call(mara, api.resend, { params }));
    expect((await lastMailTo(t.db, 'someone@example.test')).link).toBe(link.url);
    expectError(await call(bob, api.invite, { params: { code: newcomerCode } }), 404, 'NOT_FOUND');
    newcomerCode = codeOf(link.url);
    const annId = (await call(ann, api.get, { params: { id: splitId } })).json().participants[1].id;
    expectError(
      await call(mara, api.resend, { params: { id: splitId, participantId: annId } }),
      409,
      'CONFLICT',
    );
  });

  it('refuses an expired invite with its own code until it is re-sent', async () => {
    await t.db.query(
      `UPDATE split_participants SET invite_expires_at = now() - interval '1 minute' WHERE email = $1`,
      ['someone@example.test'],
    );
    const offer = expectShape(
      splitInviteSchema,
      await call(bob, api.invite, { params: { code: newcomerCode } }),
    );
    expect(offer.expired).toBe(true);
    expectError(await answer(bob, api.accept, newcomerCode), 409, 'INVITE_EXPIRED');
    expectError(await answer(bob, api.decline, newcomerCode), 409, 'INVITE_EXPIRED');
    const link = expectShape(
      splitInviteLinkSchema,
      await call(mara, api.resend, { params: { id: splitId, participantId: offer.participantId } }),
    );
    newcomerCode = codeOf(link.url);
  });

  it('lets another account holding the code accept, once per account and split', async () => {
    // Ann already takes part in this split: she cannot take a second place in it.
    expectError(await answer(ann, api.accept, newcomerCode), 409, 'CONFLICT');
    const offer = expectShape(
      splitInviteSchema,
      await call(bob, api.invite, { params: { code: newcomerCode } }),
    );
    await hold(offer.participantId, 1_234);
    const accepted = expectShape(splitInviteAnswerSchema, await answer(bob, api.accept, newcomerCode));
    expect(accepted).toEqual({ status: 'ACCEPTED', splitId, released: 1_234 });
    expect(await walletBalance(t.db, bob.user.account.id)).toBe(1_234);
    expect(await balanceOf(t.db, heldKey(offer.participantId))).toBe(0);
    const mutations = expectShape(
      walletMutationPageSchema,
      await call(bob, endpoints.wallet.mutations, { query: {} }),
    );
    expect(mutations.items.map((m) => [m.type, m.amount, m.splitId])).toEqual([
      ['SPLIT_INCOME', 1_234, splitId],
    ]);
    const seen = expectShape(splitSchema, await call(bob, api.get, { params: { id: splitId } }));
    expect(seen.participants.find((p) => p.isViewer)).toMatchObject({
      earnings: 1_234,
      held: 0,
      name: expect.any(String),
    });
  });

  it('keeps a dropped participant with their status, without a share from then on', async () => {
    const result = await putOk(mara, releaseId, {
      effectiveFrom: thisMonth,
      participants: [{ email: ann.user.email, role: 'Producer', basisPoints: 3_000 }],
    });
    expect(result.invites).toEqual([]);
    expect(result.split.participants.map((p) => [p.status, p.basisPoints])).toEqual([
      ['ACCEPTED', 7_000],
      ['ACCEPTED', 3_000],
      ['ACCEPTED', 0],
    ]);
    // Bob still reads the split he took part in (its history is his too).
    expectShape(splitSchema, await call(bob, api.get, { params: { id: splitId } }));
  });

  it('revokes a pending invite: what was held returns to the owner', async () => {
    const result = await putOk(mara, releaseId, {
      effectiveFrom: thisMonth,
      participants: [
        { email: ann.user.email, role: 'Producer', basisPoints: 3_000 },
        { email: 'late@example.test', role: 'Artwork', basisPoints: 500 },
      ],
    });
    const participantId = result.invites[0]!.participantId;
    await hold(participantId, 700);
    const before = await walletBalance(t.db, mara.user.account.id);
    const params = { id: splitId, participantId };
    const headers = key();
    expectError(await call(bob, api.revoke, { params, headers }), 404, 'NOT_FOUND');
    const revoked = expectShape(splitInviteAnswerSchema, await call(mara, api.revoke, { params, headers }));
    expect(revoked).toEqual({ status: 'REVOKED', splitId, released: 700 });
    expect(expectShape(splitInviteAnswerSchema, await call(mara, api.revoke, { params, headers }))).toEqual(
      revoked,
    );
    expectError(await call(mara, api.revoke, { params, headers: key() }), 409, 'CONFLICT');
    expect(await walletBalance(t.db, mara.user.account.id)).toBe(before + 700);
    expectError(await answer(carl, api.accept, codeOf(result.invites[0]!.url)), 409, 'CONFLICT');
  });

  it('shows an unbound invite’s held money in the wallet of the account that confirmed its address', async () => {
    const address = `invitee-${randomUUID().slice(0, 8)}@example.test`;
    const result = await putOk(mara, (await album(mara)).id, {
      effectiveFrom: thisMonth,
      participants: [{ email: address, role: 'Producer', basisPoints: 2_000 }],
    });
    const invite = result.invites[0]!;
    await hold(invite.participantId, 1_234);
    const heldFor = async (who: Person) =>
      expectShape(walletSchema, await call(who, endpoints.wallet.get, {})).held.splitsPendingAcceptance;

    // Signed up with the address but not yet confirmed: anyone can type an address, so nothing shows.
    const invitee = await person({ email: address, emailVerified: false });
    expect(await heldFor(invitee)).toBe(0);
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [invitee.user.id]);
    expect(await heldFor(invitee)).toBe(1_234);
    // Another account sees none of it.
    expect(await heldFor(bob)).toBe(0);

    const before = await walletBalance(t.db, invitee.user.account.id);
    const accepted = expectShape(
      splitInviteAnswerSchema,
      await answer(invitee, api.accept, codeOf(invite.url)),
    );
    expect(accepted.released).toBe(1_234);
    expect(await walletBalance(t.db, invitee.user.account.id)).toBe(before + 1_234);
    expect(await heldFor(invitee)).toBe(0);
  });

  it('ends a concurrent accept and decline with the money in exactly one place', async () => {
    for (let round = 0; round < 3; round += 1) {
      const result = await putOk(mara, releaseId, {
        effectiveFrom: thisMonth,
        participants: [
          { email: ann.user.email, role: 'Producer', basisPoints: 3_000 },
          { email: `race-${round}@example.test`, role: 'Race', basisPoints: 100 },
        ],
      });
      const invite = result.invites[0]!;
      const code = codeOf(invite.url);
      await hold(invite.participantId, 999);
      const owner = await walletBalance(t.db, mara.user.account.id);
      const taker = await walletBalance(t.db, carl.user.account.id);
      const [accepted, declined] = await Promise.all([
        answer(carl, api.accept, code),
        answer(carl, api.decline, code),
      ]);
      expect([accepted.statusCode, declined.statusCode].sort()).toEqual([200, 409]);
      const ownerGain = (await walletBalance(t.db, mara.user.account.id)) - owner;
      const takerGain = (await walletBalance(t.db, carl.user.account.id)) - taker;
      expect(await balanceOf(t.db, heldKey(invite.participantId))).toBe(0);
      expect(ownerGain + takerGain).toBe(999);
      expect(accepted.statusCode === 200 ? takerGain : ownerGain).toBe(999);
      if (accepted.statusCode === 200) {
        // Carl now holds a place on this split: leave it for the next round.
        await t.db.query('UPDATE split_participants SET account_id = NULL, status = $2 WHERE id = $1', [
          invite.participantId,
          'DECLINED',
        ]);
      }
    }
  });
});

describe('period close through a split', () => {
  it('credits a 70/30 split exactly, holds a pending share and releases it on acceptance', async () => {
    const release = await album(mara, 2);
    const result = await putOk(mara, release.id, {
      effectiveFrom: thisMonth,
      participants: [{ email: carl.user.email, role: 'Co-writer', basisPoints: 3_000 }],
      tracks: [
        {
          trackId: release.tracks[1]!,
          participants: [
            { email: carl.user.email, role: 'Co-writer', basisPoints: 2_000 },
            { email: 'pending@example.test', role: 'Guest', basisPoints: 1_000 },
          ],
        },
      ],
    });
    const splitId = result.split.id;
    const [carlInvite, pendingInvite] = result.invites as [
      (typeof result.invites)[0],
      (typeof result.invites)[0],
    ];
    // Carl already holds a place on another of Mara's splits? No: this is a new split, so he may accept it.
    expectShape(splitInviteAnswerSchema, await answer(carl, api.accept, codeOf(carlInvite.url)));
    const ownerBefore = await walletBalance(t.db, mara.user.account.id);
    const carlBefore = await walletBalance(t.db, carl.user.account.id);

    const day = `${thisMonth.slice(0, 8)}05`;
    const line = (trackId: string) => ({
      day,
      trackId,
      albumId: release.id,
      accountId: mara.user.account.id,
      streams: 1_000,
      revenueMicro: 100_000_000n,
    });
    const [periodId] = (await withTransaction(t.db, (tx) =>
      fileRevenueLines(tx, [line(release.tracks[0]!), line(release.tracks[1]!)]),
    )) as [string];
    const periods = createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });
    expect(await periods.closeNow(periodId)).toBe('CLOSED');

    // 100.00 of revenue per track: the owner share in cents is the plan share in basis points.
    const share = t.config.plans.terms.STANDARD.share;
    const ownerGain = (await walletBalance(t.db, mara.user.account.id)) - ownerBefore;
    const carlGain = (await walletBalance(t.db, carl.user.account.id)) - carlBefore;
    const held = await balanceOf(t.db, heldKey(pendingInvite.participantId));
    expect(ownerGain + carlGain + held).toBe(2 * share);
    expect(carlGain).toBe(Math.round((share * 3_000) / 10_000 + (share * 2_000) / 10_000));
    expect(held).toBe(Math.round((share * 1_000) / 10_000));
    const detail = await periods.get(periodId);
    expect(detail.statement!.credited + detail.statement!.held).toBe(2 * share);

    const carlMutations = expectShape(
      walletMutationPageSchema,
      await call(carl, endpoints.wallet.mutations, { query: { type: 'SPLIT_INCOME' } }),
    );
    expect(carlMutations.items[0]).toMatchObject({
      type: 'SPLIT_INCOME',
      amount: carlGain,
      splitId,
      periodId,
    });
    const maraMutations = expectShape(
      walletMutationPageSchema,
      await call(mara, endpoints.wallet.mutations, { query: {} }),
    );
    expect(maraMutations.items[0]).toMatchObject({ type: 'ROYALTIES', amount: ownerGain, splitId });

    const seen = expectShape(splitSchema, await call(mara, api.get, { params: { id: splitId } }));
    expect(seen.participants.map((p) => [p.earnings, p.held])).toEqual([
      [ownerGain, 0],
      [carlGain, 0],
      [held, held],
    ]);
    // The month's earnings per participant are the same figures, credited or held.
    expect(
      seen.earningsByPeriod
        .filter((entry) => entry.periodId === periodId)
        .map((entry) => [seen.participants.findIndex((p) => p.id === entry.participantId), entry.amount])
        .sort(([a], [b]) => Number(a) - Number(b)),
    ).toEqual([
      [0, ownerGain],
      [1, carlGain],
      [2, held],
    ]);
    // The period is closed now: a version may start next month at the earliest.
    expect(pathOf(await put(mara, release.id, { effectiveFrom: thisMonth, participants: [] }))).toEqual([
      ['body', 'effectiveFrom'],
    ]);
    expect(seen.nextEffectiveFrom > thisMonth).toBe(true);

    // The pending invitee signs up and accepts: what was held moves to their wallet in one transfer.
    const dora = await person({ email: 'pending@example.test' });
    const released = expectShape(
      splitInviteAnswerSchema,
      await answer(dora, api.accept, codeOf(pendingInvite.url)),
    );
    expect(released).toEqual({ status: 'ACCEPTED', splitId, released: held });
    expect(await walletBalance(t.db, dora.user.account.id)).toBe(held);
    const wallet = expectShape(walletSchema, await call(dora, endpoints.wallet.get, {}));
    expect(wallet).toMatchObject({ available: held, lifetimeEarnings: held });
  });
  it('repays a recoupment first, and holds a changed share of a bound participant until the new answer', async () => {
    const release = await album(mara, 1);
    const trackId = release.tracks[0]!;
    const next = expectShape(albumSplitSchema, await call(mara, api.ofAlbum, { params: { id: release.id } }));
    const first = await putOk(mara, release.id, {
      effectiveFrom: next.nextEffectiveFrom,
      participants: [{ email: carl.user.email, role: 'Mixing', basisPoints: 5_000 }],
      recoupments: [{ label: 'Mixing', paidByEmail: carl.user.email, amount: 1_000 }],
    });
    const splitId = first.split.id;
    expectShape(splitInviteAnswerSchema, await answer(carl, api.accept, codeOf(first.invites[0]!.url)));
    const periods = createClosingPeriods({ db: t.db, jobs: t.jobs, config: t.config });
    const share = t.config.plans.terms.STANDARD.share;
    const closeMonth = async (month: string) => {
      const [periodId] = (await withTransaction(t.db, (tx) =>
        fileRevenueLines(tx, [
          {
            day: `${month.slice(0, 8)}10`,
            trackId,
            albumId: release.id,
            accountId: mara.user.account.id,
            streams: 1_000,
            revenueMicro: 100_000_000n,
          },
        ]),
      )) as [string];
      expect(await periods.closeNow(periodId)).toBe('CLOSED');
    };
    const balances = async () =>
      Promise.all([mara, carl].map((who) => walletBalance(t.db, who.user.account.id)));

    let before = await balances();
    await closeMonth(next.nextEffectiveFrom);
    let after = await balances();
    // The owner share (the plan share in cents): 10.00 to Carl first, then halves.
    const rest = share - 1_000;
    expect(after[1]! - before[1]!).toBe(1_000 + Math.round(rest / 2));
    expect(after[0]! - before[0]! + after[1]! - before[1]!).toBe(share);
    const repaid = expectShape(splitSchema, await call(carl, api.get, { params: { id: splitId } }));
    expect(repaid.recoupments).toEqual([
      expect.objectContaining({ label: 'Mixing', amount: 1_000, repaid: 1_000 }),
    ]);
    // Once repaid, a recoupment can no longer be removed; its amount can be kept.
    const later = repaid.nextEffectiveFrom;
    const body = (recoupments: SplitPutBody['recoupments']): SplitPutBody => ({
      effectiveFrom: later,
      participants: [{ email: carl.user.email, role: 'Mixing', basisPoints: 4_000 }],
      recoupments,
    });
    expect(pathOf(await put(mara, release.id, body([])))).toEqual([['body', 'recoupments']]);
    const id = repaid.recoupments[0]!.id;
    expect(
      pathOf(await put(mara, release.id, body([{ id, label: 'Mixing', paidByEmail: null, amount: 999 }]))),
    ).toEqual([['body', 'recoupments', 0, 'amount']]);

    // Carl's share changes: he is asked again, and what the next close gives him is held for him meanwhile.
    const second = await putOk(
      mara,
      release.id,
      body([{ id, label: 'Mixing', paidByEmail: carl.user.email, amount: 1_000 }]),
    );
    expect(second.split.participants.find((p) => p.email === carl.user.email)?.status).toBe('PENDING');
    before = await balances();
    await closeMonth(later);
    after = await balances();
    expect(after[1]).toBe(before[1]);
    const heldForCarl = Math.round((share * 4_000) / 10_000);
    const carlWallet = expectShape(walletSchema, await call(carl, endpoints.wallet.get, {}));
    expect(carlWallet.held.splitsPendingAcceptance).toBe(heldForCarl);
    const released = expectShape(
      splitInviteAnswerSchema,
      await answer(carl, api.accept, codeOf(second.invites[0]!.url)),
    );
    expect(released.released).toBe(heldForCarl);
    expect(await walletBalance(t.db, carl.user.account.id)).toBe(after[1]! + heldForCarl);
    expect(
      expectShape(walletSchema, await call(carl, endpoints.wallet.get, {})).held.splitsPendingAcceptance,
    ).toBe(0);
  });
});
