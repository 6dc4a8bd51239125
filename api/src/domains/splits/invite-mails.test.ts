import {
  endpoints,
  type Endpoint,
  type EndpointArgs,
  type Session,
  splitInviteLinkSchema,
  splitInviteOptOutSchema,
  splitPutResultSchema,
  type SplitPutBody,
  splitSchema,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../platform/auth-guard.js';
import { withTransaction } from '../../platform/db.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, expectShape, lastMailTo, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { insertAlbum, updateAlbumFields } from '../releases/index.js';

/**
 * Split invite mails (review 2026-11-27, N3; docs/decisions/0061-impersonation-and-split-invites.md): a verified
 * owner only, daily limits per owner and per address, nothing of the sender's but an escaped, shortened name, and
 * a link for the recipient to ask for no more.
 */
const api = endpoints.splits;
const PER_SENDER = 5;
const PER_ADDRESS = 2;
let t: TestApp;
type Person = { user: UserRecord; session: Session };
const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;

async function person({
  verified = true,
  ...overrides
}: Parameters<typeof createUser>[1] & { verified?: boolean } = {}): Promise<Person> {
  const user = await createUser(t.db, overrides);
  if (verified) await t.db.query('UPDATE accounts SET verified_at = now() WHERE id = $1', [user.account.id]);
  return { user, session: await login(t.app, user.email) };
}

async function album(owner: Person, title = 'Northern Static'): Promise<string> {
  return withTransaction(t.db, async (tx) => {
    const id = await insertAlbum(tx, owner.user.account.id);
    await updateAlbumFields(tx, id, { title });
    return id;
  });
}

function call<E extends Endpoint>(who: Person | null, endpoint: E, args: EndpointArgs<E>) {
  return t.app.inject(injectOf(endpoint, args, who ? { session: who.session } : {}));
}

const invite = (...emails: string[]): SplitPutBody => ({
  effectiveFrom: thisMonth,
  participants: emails.map((email, index) => ({ email, role: 'Producer', basisPoints: 100 + index })),
});

async function mailsTo(email: string): Promise<number> {
  const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE recipient = $1', [
    email,
  ]);
  return Number(rows[0]!.n);
}

const optOutTokenOf = (text: string) =>
  new URL(/^https?:\/\/\S+\/splits\/invites\/opt-out\?\S+$/m.exec(text)![0]).searchParams.get('token')!;

beforeAll(async () => {
  t = await createTestApp({
    splitInviteMails: { perSenderPerDay: PER_SENDER, perAddressPerDay: PER_ADDRESS },
  });
});
afterAll(() => t.close());

describe('who may invite', () => {
  it('refuses an owner whose identity is not verified, and mails nothing', async () => {
    const hal = await person({ verified: false });
    const release = await album(hal);
    const refused = await call(hal, api.put, {
      params: { id: release },
      body: invite('victim@example.test'),
    });
    expect(expectError(refused, 403, 'IDENTITY_NOT_VERIFIED').message).toMatch(/Verify your identity/);
    expect(await mailsTo('victim@example.test')).toBe(0);
    // A split inviting nobody (the owner holds it all) needs no verification.
    const alone = await call(hal, api.put, { params: { id: release }, body: invite() });
    expect(alone.statusCode, alone.body).toBe(200);
  });

  it('refuses a resend from an owner no longer verified', async () => {
    const owner = await person();
    const release = await album(owner);
    const saved = expectShape(
      splitPutResultSchema,
      await call(owner, api.put, { params: { id: release }, body: invite('resend-me@example.test') }),
    );
    await t.db.query('UPDATE accounts SET verified_at = NULL WHERE id = $1', [owner.user.account.id]);
    const resend = await call(owner, api.resend, {
      params: { id: saved.split.id, participantId: saved.invites[0]!.participantId },
    });
    expectError(resend, 403, 'IDENTITY_NOT_VERIFIED');
    expect(await mailsTo('resend-me@example.test')).toBe(1);
  });
});

describe('the invite mail', () => {
  it('carries the sender’s name only, escaped and shortened; no title, role or link of theirs', async () => {
    const owner = await person({
      firstName: 'Ren\u202Ee\u200B',
      lastName: 'Quist-Andersson of the Very Long Band Name That Keeps On Going And Going',
    });
    const release = await album(
      owner,
      'ACTION REQUIRED: confirm your bank details at https://evil.example/login',
    );
    const body: SplitPutBody = {
      effectiveFrom: thisMonth,
      participants: [
        { email: 'reader@example.test', role: 'Payee https://evil.example', basisPoints: 1_000 },
      ],
    };
    expectShape(splitPutResultSchema, await call(owner, api.put, { params: { id: release }, body }));
    const mail = await lastMailTo(t.db, 'reader@example.test');
    // Formatting characters gone; cut at 60 characters, the ellipsis included (and the space before it dropped).
    const name = 'Rene Quist-Andersson of the Very Long Band Name That Keeps…';
    expect(mail.subject).toBe(`${name} invites you to a royalty split on Tunehouse`);
    expect(mail.text_body).toContain(`${name} invites you to share the royalties of a release on Tunehouse`);
    expect(mail.text_body).toMatch(/accept or decline it there/);
    for (const text of [mail.subject, mail.text_body]) {
      expect(text).not.toMatch(/evil|ACTION REQUIRED|Payee|\u202E|\u200B/);
    }
    // The only links are the product's own: the invite and the opt-out.
    expect(mail.text_body.match(/https?:\/\/\S+/g)?.map((link) => new URL(link).pathname)).toEqual([
      '/splits/',
      '/splits/invites/opt-out',
    ]);
  });

  it('names no sender whose name reads as an address or as the product', async () => {
    for (const [firstName, lastName] of [
      ['Tunehouse', 'Payments Team'],
      ['Visit', 'evil.example'],
      ['Write', 'to me@evil.example'],
    ] as const) {
      const owner = await person({ firstName, lastName });
      const to = `named-${firstName.toLowerCase()}@example.test`;
      await call(owner, api.put, { params: { id: await album(owner) }, body: invite(to) });
      expect((await lastMailTo(t.db, to)).subject).toBe(
        'A Tunehouse artist invites you to a royalty split on Tunehouse',
      );
    }
  });
});

describe('daily limits', () => {
  it('refuses a save past the per-address limit with 429, saving and mailing nothing', async () => {
    const target = 'often@example.test';
    for (let round = 0; round < PER_ADDRESS; round += 1) {
      const owner = await person();
      const saved = await call(owner, api.put, { params: { id: await album(owner) }, body: invite(target) });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const owner = await person();
    const release = await album(owner);
    const refused = await call(owner, api.put, {
      params: { id: release },
      body: invite('fresh-a@example.test', target),
    });
    expect(expectError(refused, 429, 'RATE_LIMITED').message).toBe(
      `${target} can be sent at most ${PER_ADDRESS} split invites a day: nothing was saved; try again tomorrow`,
    );
    expect(await mailsTo(target)).toBe(PER_ADDRESS);
    expect(await mailsTo('fresh-a@example.test')).toBe(0);
    const after = await call(owner, api.ofAlbum, { params: { id: release } });
    expect(after.json<{ split: unknown }>().split).toBeNull();
  });

  it('refuses a save past the per-sender limit, resends included', async () => {
    const owner = await person();
    const saved = expectShape(
      splitPutResultSchema,
      await call(owner, api.put, {
        params: { id: await album(owner) },
        body: invite(...Array.from({ length: PER_SENDER - 1 }, (_, i) => `batch-${i}@example.test`)),
      }),
    );
    const resend = await call(owner, api.resend, {
      params: { id: saved.split.id, participantId: saved.invites[0]!.participantId },
    });
    expectShape(splitInviteLinkSchema, resend);
    const past = await call(owner, api.resend, {
      params: { id: saved.split.id, participantId: saved.invites[1]!.participantId },
    });
    expect(expectError(past, 429, 'RATE_LIMITED').message).toBe(
      `You can send at most ${PER_SENDER} split invites a day: nothing was saved; try again tomorrow`,
    );
    const bigger = await call(owner, api.put, {
      params: { id: await album(owner) },
      body: invite('one-more@example.test'),
    });
    expectError(bigger, 429, 'RATE_LIMITED');
    expect(await mailsTo('one-more@example.test')).toBe(0);
  });
});

describe('asking for no more invites', () => {
  it('records the opt-out from the mail’s link; later invites are made but not mailed, and the owner is told', async () => {
    const owner = await person({ firstName: 'Mara', lastName: 'Lindqvist' });
    const other = await person({ firstName: 'Kofi', lastName: 'Mensah' });
    const to = 'no-more@example.test';
    const first = expectShape(
      splitPutResultSchema,
      await call(owner, api.put, { params: { id: await album(owner) }, body: invite(to) }),
    );
    const token = optOutTokenOf((await lastMailTo(t.db, to)).text_body);
    const answer = await call(null, api.optOut, { body: { token } });
    expect(expectShape(splitInviteOptOutSchema, answer)).toEqual({ senderName: 'Mara Lindqvist' });
    // Again: the same answer, nothing more.
    expect(expectShape(splitInviteOptOutSchema, await call(null, api.optOut, { body: { token } }))).toEqual({
      senderName: 'Mara Lindqvist',
    });

    // A resend and a new split from the same owner are not mailed; the owner sees why.
    const mailed = await mailsTo(to);
    const resend = await call(owner, api.resend, {
      params: { id: first.split.id, participantId: first.invites[0]!.participantId },
    });
    expectShape(splitInviteLinkSchema, resend);
    const second = expectShape(
      splitPutResultSchema,
      await call(owner, api.put, { params: { id: await album(owner) }, body: invite(to) }),
    );
    expect(await mailsTo(to)).toBe(mailed);
    const participant = second.split.participants.find((p) => p.email === to)!;
    expect([participant.status, participant.invitesOptedOut]).toEqual(['PENDING', true]);
    // Another owner still reaches the address.
    await call(other, api.put, { params: { id: await album(other) }, body: invite(to) });
    expect(await mailsTo(to)).toBe(mailed + 1);
    // Only the owner is told: the participant's own view of another split says nothing of it.
    const view = expectShape(splitSchema, await call(owner, api.get, { params: { id: second.split.id } }));
    expect(view.participants.filter((p) => p.invitesOptedOut).map((p) => p.email)).toEqual([to]);
  });

  it('answers 404 to a token it did not sign, or one changed to name someone else', async () => {
    const owner = await person();
    const to = 'forger@example.test';
    await call(owner, api.put, { params: { id: await album(owner) }, body: invite(to) });
    const token = optOutTokenOf((await lastMailTo(t.db, to)).text_body);
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(`${owner.user.account.id}\nsomeone-else@example.test`).toString('base64url')}.${mac}`;
    expectError(await call(null, api.optOut, { body: { token: forged } }), 404, 'NOT_FOUND');
    expectError(
      await call(null, api.optOut, { body: { token: `${token.slice(0, -2)}AA` } }),
      404,
      'NOT_FOUND',
    );
    expectError(await call(null, api.optOut, { body: { token: 'not-a-token' } }), 400, 'VALIDATION_FAILED');
    const { rows } = await t.db.query('SELECT 1 FROM split_invite_opt_outs WHERE sender_account_id = $1', [
      owner.user.account.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});
