import {
  albumDistributionFeeSchema,
  distributionFeeReportSchema,
  licenseReportPageSchema,
  albumDetailSchema,
  albumPageSchema,
  albumReviewSchema,
  artistPageSchema,
  contributorPageSchema,
  currentUserSchema,
  sessionSchema,
  splitSchema,
  splitSummaryPageSchema,
  streamStatisticsSchemaFor,
  streamTotalSchema,
  verificationStatusSchema,
  walletMutationPageSchema,
} from '@tunehouse/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletBalance } from '../domains/ledger/index.js';
import { bearer, expectShape, login } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET, demoLoginsText } from './demo-accounts.js';
import { DEMO_ARTISTS, DEMO_CATALOGUE_OWNER, DEMO_CONTRIBUTORS } from './demo-artists.js';
import { DEMO_RELEASED } from './demo-catalogue.js';
import { DEMO_RELEASE } from './demo-releases.js';
import { DEMO_INVITEE_EMAIL } from './demo-splits.js';
import { databaseIsEmpty, seedDemo } from './seed.js';

/**
 * Enough days of demo streams to reach the album's release (130 days ago), whose fee its first weeks settle;
 * npm start seeds DEMO_TRENDS_DAYS (365).
 */
const TRENDS_DAYS = 140;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('fills an empty database once and is idempotent', async () => {
    expect(await databaseIsEmpty(t.db)).toBe(true);
    const first = await seedDemo(t.db, { trendsDays: TRENDS_DAYS, dataDir: t.config.dataDir });
    expect(first).toEqual({
      'demo accounts': 4,
      'demo artists': 3,
      'demo contributors': 3,
      'demo releases': 1,
      'demo released catalogue': DEMO_RELEASED.length,
      'demo artwork': DEMO_RELEASED.length,
      'demo audio': DEMO_RELEASED.flatMap((release) => release.tracks).length,
      'demo deliveries': DEMO_RELEASED.length,
      'demo streams': expect.any(Number),
      'demo splits': 2,
      'demo closed periods': expect.any(Number),
      'demo payouts': 2,
    });
    expect(first['demo closed periods']).toBeGreaterThanOrEqual(4);
    expect(first['demo streams']).toBeGreaterThan(0);
    expect(await databaseIsEmpty(t.db)).toBe(false);
    expect(await seedDemo(t.db, { trendsDays: TRENDS_DAYS, dataDir: t.config.dataDir })).toEqual({
      'demo accounts': 0,
      'demo artists': 0,
      'demo contributors': 0,
      'demo releases': 0,
      'demo released catalogue': 0,
      'demo artwork': 0,
      'demo audio': 0,
      'demo deliveries': 0,
      'demo streams': 0,
      'demo splits': 0,
      'demo closed periods': 0,
      'demo payouts': 0,
    });
  }, 240_000);

  it('gives the accounts their roles: artist, artist with TOTP, suspended artist, admin', async () => {
    const [mara, kofi, sam, admin] = DEMO_ACCOUNTS.map((account) => account.email);
    const maraSession = await login(t.app, mara!, DEMO_PASSWORD);
    expect(maraSession.user).toMatchObject({ firstName: 'Mara', lastName: 'Lindqvist' });

    const pending = await login(t.app, kofi!, DEMO_PASSWORD);
    expect(pending.challenge?.method).toBe('totp');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/sessions/current/verify',
      headers: bearer(pending),
      payload: { secret: await generate({ secret: DEMO_TOTP_SECRET }) },
    });
    expect(expectShape(sessionSchema, verified).status).toBe('active');

    expect((await login(t.app, sam!, DEMO_PASSWORD)).user.account.suspendedAt).not.toBeNull();
    const adminSession = await login(t.app, admin!, DEMO_PASSWORD);
    const me = await t.app.inject({ url: '/v1/users/me', headers: bearer(adminSession) });
    expect(expectShape(currentUserSchema, me).isAdmin).toBe(true);
  });

  it('gives Mara artists with Spotify profiles and contributors', async () => {
    const session = await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD);
    const artists = expectShape(
      artistPageSchema,
      await t.app.inject({ url: '/v2/artists', headers: bearer(session) }),
    );
    expect(artists.items.map((artist) => artist.name)).toEqual(DEMO_ARTISTS.map((artist) => artist.name));
    for (const artist of artists.items) {
      expect(artist.profiles).toHaveLength(1);
      expect(artist.profiles[0]).toMatchObject({ platform: 'SPOTIFY', name: artist.name });
      expect(artist.profiles[0]?.url).toMatch(/^https:\/\/open\.spotify\.com\/artist\/[0-9A-Za-z]{22}$/);
    }
    const contributors = expectShape(
      contributorPageSchema,
      await t.app.inject({ url: '/v2/contributors?order_by=created_at', headers: bearer(session) }),
    );
    expect(contributors.totalItems).toBe(DEMO_CONTRIBUTORS.length);
  });

  it('gives Mara a draft EP whose review says what is left to do', async () => {
    const session = await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD);
    const albums = expectShape(
      albumPageSchema,
      await t.app.inject({ url: '/v2/albums', headers: bearer(session) }),
    );
    const draft = albums.items.filter((album) => album.status === 'DRAFT');
    expect(draft.map((album) => album.title)).toEqual([DEMO_RELEASE.title]);
    const id = draft[0]!.id;
    const album = expectShape(
      albumDetailSchema,
      await t.app.inject({ url: `/v1/albums/${id}`, headers: bearer(session) }),
    );
    expect(album.tracks.map((track) => track.title)).toEqual(
      DEMO_RELEASE.tracks!.map((track) => track.title),
    );
    expect(album.artists?.map((artist) => [artist.name, artist.role])).toEqual([
      ['Mara Lindqvist', 'PRIMARY'],
    ]);
    const review = expectShape(
      albumReviewSchema,
      await t.app.inject({ url: `/v1/albums/${id}/review`, headers: bearer(session) }),
    );
    expect(new Set(review.problems.map((problem) => problem.code))).toEqual(
      new Set(['BARCODE_MISSING', 'ARTWORK_MISSING', 'TRACK_AUDIO_MISSING', 'TRACK_ISRC_MISSING']),
    );
  });

  it('gives Mara LIVE releases with identifiers and a stream history up to yesterday', async () => {
    const session = await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD);
    const albums = expectShape(
      albumPageSchema,
      await t.app.inject({ url: '/v2/albums', headers: bearer(session) }),
    );
    const live = albums.items.filter((album) => album.reviewStatus === 'LIVE');
    expect(live.map((album) => album.title).sort()).toEqual(
      DEMO_RELEASED.map((release) => release.form.title).sort(),
    );
    for (const album of live) {
      expect(album.barcode).toMatch(/^\d{13}$/);
      // A real cover, stored like an upload: every rendition, the delivery one at 3000 × 3000, served as a JPEG.
      expect(album.artwork?.artwork).toMatchObject({ width: 3000, height: 3000 });
      expect(album.artwork?.thumbnail?.width).toBeLessThan(3000);
      const thumbnail = await t.app.inject({ url: new URL(album.artwork!.thumbnail!.url).pathname });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    }
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const total = expectShape(
      streamTotalSchema,
      await t.app.inject({
        url: `/v1/trends/streams/total?start_date=${yesterday}&end_date=${yesterday}`,
        headers: bearer(session),
      }),
    );
    expect(total.value).toBeGreaterThan(0);
    const tracks = expectShape(
      streamStatisticsSchemaFor('TRACK'),
      await t.app.inject({ url: '/v1/trends/streams/statistics?limit=100', headers: bearer(session) }),
    );
    expect(tracks.items).toHaveLength(DEMO_RELEASED.flatMap((release) => release.tracks).length);
    expect(tracks.items.every((row) => row.bucket.isrc?.startsWith('SEDMO'))).toBe(true);
  });

  it('gives Mara’s releases audio with previews and dates that agree with their release dates', async () => {
    const { rows } = await t.db.query<{
      release_date: string;
      created_at: Date;
      published_at: Date;
      mp3_status: string;
      duration: number;
    }>(
      `SELECT al.release_date::text AS release_date, al.created_at, al.published_at, a.mp3_status, a.duration
         FROM tracks t JOIN albums al ON al.id = t.album_id JOIN audio_files a ON a.id = t.audio_id
        WHERE al.barcode = ANY($1)`,
      [DEMO_RELEASED.map((release) => release.barcode)],
    );
    expect(rows).toHaveLength(DEMO_RELEASED.flatMap((release) => release.tracks).length);
    for (const row of rows) {
      expect(row).toMatchObject({ mp3_status: 'COMPLETED', duration: 8 });
      expect(row.created_at.toISOString().slice(0, 10) < row.published_at.toISOString().slice(0, 10)).toBe(
        true,
      );
      expect(row.published_at.toISOString().slice(0, 10) < row.release_date).toBe(true);
    }
  });

  it('gives Mara licences, a settled fee and one still collecting, closed periods and a balance', async () => {
    const session = await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD);
    const licences = expectShape(
      licenseReportPageSchema,
      await t.app.inject({ url: '/v2/reporting/licenses', headers: bearer(session) }),
    );
    expect(licences.items.map((item) => item.paymentPlan.id)).toEqual(DEMO_RELEASED.map(() => 'STANDARD'));
    const fees = expectShape(
      distributionFeeReportSchema,
      await t.app.inject({ url: '/v2/reporting/distribution-fees', headers: bearer(session) }),
    );
    const byTitle = new Map(fees.items.map((fee) => [fee.album.title, fee]));
    expect(byTitle.get('Northern Static')).toMatchObject({ isSettled: true, numberOfStreamsRemaining: 0 });
    // The README: the older releases' fees are settled by their streams, Lanterns' is still being paid.
    expect(byTitle.get('Paper Boats')).toMatchObject({ isSettled: true, numberOfStreamsRemaining: 0 });
    const lanterns = byTitle.get('Lanterns')!;
    expect(lanterns.isSettled).toBe(false);
    expect(lanterns.numberOfStreamsCollected).toBeGreaterThan(0);
    const fee = expectShape(
      albumDistributionFeeSchema,
      await t.app.inject({
        url: `/v1/albums/${lanterns.album.id}/distribution-fee`,
        headers: bearer(session),
      }),
    );
    expect(fee.settlementRequiredForTakedown).toBe(true);
    expect(fee.settlementOffer?.amountDue).toBeGreaterThan(0);

    const periods = await t.db.query<{ month: string; status: string; identity: boolean }>(
      `SELECT month::text AS month, status,
              revenue_micro = fee_collected_micro + commission_micro + credited_micro + held_micro AS identity
         FROM periods ORDER BY month`,
    );
    const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
    for (const period of periods.rows) {
      if (period.month < thisMonth) expect(period).toMatchObject({ status: 'CLOSED', identity: true });
      else expect(period.status).toBe('OPEN');
    }
    const account = (await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD)).user.account.id;
    expect(await walletBalance(t.db, String(account))).toBeGreaterThan(0);
  });

  it('gives Mara an accepted split whose closes paid Kofi, and a pending one', async () => {
    const session = await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD);
    const splits = expectShape(
      splitSummaryPageSchema,
      await t.app.inject({ url: '/v1/splits?role=owner', headers: bearer(session) }),
    );
    const byTitle = new Map(splits.items.map((split) => [split.album.title, split]));
    expect(byTitle.get('Northern Static')).toMatchObject({ viewerBasisPoints: 6_000, pendingCount: 1 });
    expect(byTitle.get('Lanterns')).toMatchObject({ viewerBasisPoints: 8_000, pendingCount: 1 });
    const { rows } = await t.db.query<{ kind: string; cents: string }>(
      `SELECT t.kind, SUM(t.amount)::text AS cents FROM ledger_transfers t JOIN users u
         ON t.credit_key = 'wallet:' || u.account_id
       WHERE u.email = $1 GROUP BY t.kind`,
      [DEMO_ACCOUNTS[1]!.email],
    );
    expect(rows.map((row) => row.kind)).toEqual(['SPLIT_INCOME']);
    expect(Number(rows[0]!.cents)).toBeGreaterThan(0);
  });

  it('holds real money for the pending invitee at the last close, shown on the split', async () => {
    const { rows } = await t.db.query<{ title: string; participant: string; cents: string }>(
      `SELECT al.title, p.id AS participant, COALESCE(SUM(tr.amount), 0)::text AS cents
         FROM split_participants p JOIN splits s ON s.id = p.split_id JOIN albums al ON al.id = s.album_id
         LEFT JOIN ledger_transfers tr ON tr.credit_key = 'held:' || p.id
              AND tr.period_id = (SELECT id FROM periods WHERE status = 'CLOSED' ORDER BY month DESC LIMIT 1)
        WHERE p.email = $1 AND p.status = 'PENDING'
        GROUP BY al.title, p.id`,
      [DEMO_INVITEE_EMAIL],
    );
    const held = new Map(rows.map((row) => [row.title, Number(row.cents)]));
    expect(held.get('Northern Static')).toBeGreaterThan(0);
    // Lanterns' royalties still pay its distribution fee, which comes first: nothing of it is held yet.
    expect(held.get('Lanterns')).toBe(0);

    const session = await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD);
    const splits = expectShape(
      splitSummaryPageSchema,
      await t.app.inject({ url: '/v1/splits?role=owner', headers: bearer(session) }),
    );
    const northern = splits.items.find((split) => split.album.title === 'Northern Static')!;
    const split = expectShape(
      splitSchema,
      await t.app.inject({ url: `/v1/splits/${northern.id}`, headers: bearer(session) }),
    );
    const invitee = split.participants.find((participant) => participant.email === DEMO_INVITEE_EMAIL)!;
    expect(invitee).toMatchObject({ status: 'PENDING', basisPoints: 1_000 });
    expect(invitee.held).toBeGreaterThanOrEqual(held.get('Northern Static')!);
  });

  it('dates each close at its month end, and a settled fee at the close that settled it', async () => {
    const { rows: periods } = await t.db.query<{ id: string; last_day: string; closed_at: Date }>(
      `SELECT id, (month + interval '1 month' - interval '1 day')::date::text AS last_day, closed_at
         FROM periods WHERE status = 'CLOSED' ORDER BY month`,
    );
    expect(periods.length).toBeGreaterThanOrEqual(4);
    for (const period of periods) {
      expect(period.closed_at.toISOString().slice(0, 10)).toBe(period.last_day);
      const { rows: dates } = await t.db.query<{ day: string }>(
        `SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date::text AS day FROM ledger_transfers WHERE period_id = $1
         UNION SELECT DISTINCT (e.created_at AT TIME ZONE 'UTC')::date::text FROM ledger_entries e
           JOIN ledger_transfers tr ON tr.id = e.transfer_id WHERE tr.period_id = $1
         UNION SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date::text FROM stream_collections WHERE period_id = $1`,
        [period.id],
      );
      expect(dates.map((row) => row.day)).toEqual([period.last_day]);
    }

    const { rows: settled } = await t.db.query<{ title: string; settled_at: Date; closed_at: Date }>(
      `SELECT al.title, f.settled_at,
              (SELECT p.closed_at FROM stream_collections c JOIN periods p ON p.id = c.period_id
                WHERE c.fee_id = f.id ORDER BY p.month DESC LIMIT 1) AS closed_at
         FROM distribution_fees f JOIN licences l ON l.id = f.licence_id JOIN albums al ON al.id = l.album_id
        WHERE f.settled_at IS NOT NULL`,
    );
    expect(settled.map((row) => row.title)).toContain('Northern Static');
    for (const fee of settled) expect(fee.settled_at.toISOString()).toBe(fee.closed_at.toISOString());

    // The wallet's list of movements says the same dates: each close's on its month's last day.
    const session = await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD);
    const mutations = expectShape(
      walletMutationPageSchema,
      await t.app.inject({ url: '/v2/wallet/mutations?limit=100', headers: bearer(session) }),
    );
    const lastDayOf = new Map(periods.map((period) => [period.id, period.last_day]));
    const ofCloses = mutations.items.filter((item) => item.periodId !== null);
    expect(ofCloses.length).toBeGreaterThan(0);
    for (const item of ofCloses) expect(item.date.slice(0, 10)).toBe(lastDayOf.get(item.periodId!));
  });

  it('gives Mara, identity-verified, one settled payout with its invoice, and a balance left to pay out', async () => {
    const session = await login(t.app, DEMO_CATALOGUE_OWNER, DEMO_PASSWORD);
    expect(session.user.account.verifiedAt).not.toBeNull();
    // A real approved verification in her name, which the verification page reads.
    const verification = expectShape(
      verificationStatusSchema,
      await t.app.inject({ url: '/v1/verifications/current', headers: bearer(session) }),
    );
    expect(verification).toMatchObject({ status: 'APPROVED', reason: null });
    expect(verification.decidedAt).not.toBeNull();
    const page = (await t.app.inject({ url: '/v2/payouts', headers: bearer(session) })).json();
    expect(page).toMatchObject({ totalItems: 1, items: [{ status: 'SETTLED' }] });
    const paid = page.items[0].amount as number;
    const wallet = (await t.app.inject({ url: '/v1/wallet', headers: bearer(session) })).json();
    // Half of what the closes credited, in whole euros: the rest stays for Mara to pay out herself.
    expect(paid % 100).toBe(0);
    expect(wallet.available).toBeGreaterThanOrEqual(paid);
    expect(wallet.available).toBeLessThan(paid + 200);
    const invoice = await t.app.inject({
      url: `/v1/wallet/invoices/${page.items[0].invoiceId}`,
      headers: bearer(session),
    });
    expect(invoice.json()).toMatchObject({
      total: paid,
      cancelledAt: null,
      supplier: { legalName: 'Mara Lindqvist' },
    });
  });

  it('pays Kofi out once from his split income, to a verified name, so a correction meets a paid participant', async () => {
    const { rows } = await t.db.query<{
      status: string;
      amount: string;
      legal_name: string;
      balance: string;
    }>(
      `SELECT p.status, p.amount::text, i.supplier->>'legalName' AS legal_name,
              (SELECT COALESCE(SUM(e.amount), 0) FROM ledger_entries e
                WHERE e.account_key = 'wallet:' || u.account_id)::text AS balance
         FROM payouts p JOIN users u ON u.account_id = p.account_id
         JOIN invoices i ON i.payout_id = p.id
        WHERE u.email = $1`,
      [DEMO_ACCOUNTS[1]!.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'SETTLED', legal_name: 'Kofi Mensah' });
    expect(Number(rows[0]!.amount) % 100).toBe(0);
    // Half of his split income in whole euros: the rest stays in his wallet.
    expect(Number(rows[0]!.balance)).toBeGreaterThanOrEqual(Number(rows[0]!.amount));
  });

  it('prints every login, the password and the TOTP secret', () => {
    const text = demoLoginsText();
    for (const account of DEMO_ACCOUNTS) expect(text).toContain(account.email);
    expect(text).toContain(DEMO_PASSWORD);
    expect(text).toContain(DEMO_TOTP_SECRET);
  });
});
