import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  albumDetailSchema,
  endpoints,
  paymentMethodSchema,
  pathOf,
  payoutSchema,
  type Session,
  sessionSchema,
} from '@tunehouse/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLATFORM_ACCOUNTS, transfer, walletBalance, walletKey } from '../domains/ledger/index.js';
import { type ApiProcess, startApiProcess } from '../testing/api-process.js';
import { createUser, multipart, PASSWORD } from '../testing/fixtures.js';
import { verifyIdentity } from '../testing/verified-identity.js';
import { freePort } from '../testing/global-setup.js';
import { wav } from '../testing/release-fixtures.js';
import { createPool, type Db } from './db.js';
import { readOrCreateSecret } from './secrets.js';

/**
 * PostgreSQL killed (SIGKILL of the postmaster) while the API is in the middle of transactions: payouts, split
 * saves and an audio upload. The API runs as its own process on its own embedded PostgreSQL, as `npm start` runs
 * it, and restarts that server itself. What holds, round after round:
 * - the API process never exits;
 * - every request gets an HTTP answer (no dropped connection): a 2xx, or 503 SERVICE_UNAVAILABLE with Retry-After
 *   while the database is away — requests in flight at the kill included — and never another 5xx;
 * - once PostgreSQL is back the same requests answer 2xx again;
 * - money is whole: the ledger sums to zero, every payout row has its one booking and every booking its payout
 *   row, every payout answered 201 is stored, and each wallet is its credit less whole payouts.
 * Payout clients retry the same Idempotency-Key after a 503 (as the wallet does), so a payout that committed just
 * before its answer was lost is answered, not booked twice. The phases are states of the run (answers seen),
 * not times.
 */

const ROUNDS = 5;
const PAYERS = 4;
const SPLIT_WRITERS = 3;
const CREDIT = 100_000_000;
const PAYOUT = 1_000;

let dataDir = '';
let api: ApiProcess;
let db: Db;

const tally = { requests: 0, ok: 0, unavailable: 0, otherErrors: [] as string[], dropped: [] as string[] };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-db-killed-'));
  const pgPort = await freePort();
  // The API reads (or creates) the embedded server's password here; the test reads it the same way.
  const password = readOrCreateSecret(dataDir, 'pg-password', 24);
  api = await startApiProcess({
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    PAYOUT_SIMULATOR_SETTLE_SECONDS: '1',
    // New payees' hold (decision 0060) has its own tests: here the new bank account takes payouts at once.
    PAYOUT_METHOD_HOLD_HOURS: '0',
    // The split writers invite the same few addresses again and again: the daily invite-mail limits (decision
    // 0061) have their own tests.
    SPLIT_INVITE_MAILS_PER_SENDER_DAY: '10000',
    SPLIT_INVITE_MAILS_PER_ADDRESS_DAY: '10000',
  });
  db = createPool(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/tunehouse`, 2);
}, 180_000);

afterAll(async () => {
  await api?.stop();
  await db?.end().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

type Answer = { status: number; retryAfter: string | null; body: string } | { dropped: string };

/** One request to the API, counted; a connection that ends without an answer is reported, not thrown. */
async function call(method: string, url: string, session: Session | null, init: RequestInit = {}) {
  tally.requests += 1;
  let answer: Answer;
  try {
    const response = await fetch(`${api.url}${url}`, {
      ...init,
      method,
      headers: {
        ...(session ? { authorization: `Bearer ${session.token.accessToken}` } : {}),
        ...(init.headers as Record<string, string>),
      },
      signal: AbortSignal.timeout(30_000),
    });
    answer = {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  } catch (error) {
    answer = { dropped: `${method} ${url}: ${String((error as { cause?: unknown }).cause ?? error)}` };
  }
  if ('dropped' in answer) tally.dropped.push(answer.dropped);
  else if (answer.status < 300) tally.ok += 1;
  else if (answer.status === 503 && answer.retryAfter === '5') tally.unavailable += 1;
  else tally.otherErrors.push(`${method} ${url}: ${answer.status} ${answer.body.slice(0, 300)}`);
  return answer;
}

const json = (body: unknown): RequestInit => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const withKey = (init: RequestInit, key: string): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), 'idempotency-key': key },
});

async function ok(answer: Promise<Answer>): Promise<unknown> {
  const settled = await answer;
  if ('dropped' in settled || settled.status >= 300)
    throw new Error(`setup request failed: ${JSON.stringify(settled)}`);
  return JSON.parse(settled.body);
}

/** A verified account with billing details, a bank account, an album with one track per round, and money. */
async function payee() {
  const user = await createUser(db);
  await verifyIdentity(db, user.account.id, 'Killed Payee', {
    addressLine: 'Main street 1',
    postalCode: '1000',
    city: 'Brussels',
    country: 'BE',
  });
  const session = sessionSchema.parse(
    await ok(
      call('POST', endpoints.sessions.login.path, null, json({ email: user.email, password: PASSWORD })),
    ),
  );
  await ok(
    call(
      'PUT',
      endpoints.billing.setBillingDetails.path,
      session,
      json({
        legalName: 'Killed Payee',
        addressLine: 'Main street 1',
        postalCode: '1000',
        city: 'Brussels',
        country: 'BE',
      }),
    ),
  );
  const method = paymentMethodSchema.parse(
    await ok(
      call(
        'POST',
        endpoints.billing.addMethod.path,
        session,
        json({
          kind: 'BANK_ACCOUNT',
          holderName: 'Killed Payee',
          iban: 'BE68539007547034',
          country: 'BE',
          password: PASSWORD,
        }),
      ),
    ),
  );
  await transfer(db, {
    idempotencyKey: `test-credit-${randomUUID()}`,
    debit: PLATFORM_ACCOUNTS.storeReceivables,
    credit: walletKey(user.account.id),
    amount: CREDIT,
    kind: 'CLOSE_CREDIT',
  });
  const artist = (await ok(
    call('POST', endpoints.artists.create.path, session, json({ name: 'Killed Artist' })),
  )) as {
    id: string | number;
  };
  const album = albumDetailSchema.parse(
    await ok(
      call(
        'POST',
        endpoints.releases.albums.create.path,
        session,
        json({
          title: 'Mid-transaction',
          artists: [{ id: String(artist.id), role: 'PRIMARY' }],
          tracks: Array.from({ length: ROUNDS }, (_, index) => ({
            index: index + 1,
            title: `Take ${index + 1}`,
          })),
        }),
      ),
    ),
  );
  return { accountId: user.account.id, session, methodId: method.id, album };
}

type Payee = Awaited<ReturnType<typeof payee>>;

/** The first day of next month: a split version may start there (no period is closed in this database). */
function nextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it(`survives ${ROUNDS} kills of PostgreSQL mid-transaction: 503s meanwhile, then 2xx, money whole`, async () => {
  const payees: Payee[] = [];
  for (let n = 0; n < Math.max(PAYERS, SPLIT_WRITERS); n += 1) payees.push(await payee());
  const answeredPayouts = new Set<string>();
  const audio = wav({ seconds: 2 });
  const recoveries: number[] = [];

  for (let round = 0; round < ROUNDS; round += 1) {
    let phase: 'before' | 'away' | 'back' = 'before';
    const seen = { before: 0, away: 0, back: 0 };
    let killedAt: number | undefined;
    let backAt = 0;
    let running = true;
    /** Counts an answer towards the phase it belongs to: 2xx before and after, 503 while away. */
    const note = (answer: Answer, sentIn: typeof phase) => {
      if ('dropped' in answer || sentIn !== phase) return;
      if (phase === 'away' ? answer.status === 503 : answer.status < 300) seen[phase] += 1;
      if (phase === 'back' && answer.status < 300 && !backAt) backAt = Date.now();
    };

    const payer = async (p: Payee) => {
      while (running) {
        const key = randomUUID();
        // The same key again after a 503: the payout is either not there yet, or answered as the one made.
        for (;;) {
          const sentIn = phase;
          const answer = await call(
            'POST',
            endpoints.payouts.request.path,
            p.session,
            withKey(json({ amount: PAYOUT, paymentMethodId: p.methodId }), key),
          );
          note(answer, sentIn);
          if ('dropped' in answer || answer.status !== 503) {
            if (!('dropped' in answer) && answer.status === 201)
              answeredPayouts.add(payoutSchema.parse(JSON.parse(answer.body)).id);
            break;
          }
          await wait(100);
          if (!running) break;
        }
      }
    };
    const splitWriter = async (p: Payee, n: number) => {
      while (running) {
        const sentIn = phase;
        const answer = await call(
          'PUT',
          pathOf(endpoints.splits.put.path, { id: p.album.id }),
          p.session,
          json({
            effectiveFrom: nextMonth(),
            participants: [
              {
                email: `writer-${n}@example.test`,
                role: 'Producer',
                basisPoints: 100 + Math.floor(Math.random() * 50),
              },
            ],
          }),
        );
        note(answer, sentIn);
        if (!('dropped' in answer) && answer.status === 503) await wait(100);
      }
    };
    const upload = async (p: Payee) => {
      const form = multipart([{ name: 'audio', filename: 'take.wav', type: 'audio/wav', data: audio }]);
      const track = p.album.tracks[round]!;
      for (;;) {
        const answer = await call(
          'POST',
          pathOf(endpoints.releases.tracks.setAudio.path, { albumId: p.album.id, id: track.id }),
          p.session,
          {
            headers: form.headers,
            body: form.payload,
          },
        );
        if ('dropped' in answer || answer.status !== 503) return;
        await wait(200);
      }
    };

    /** Waits for `count` answers of the phase; gives up if the API died or something unexpected came back. */
    const reached = async (count: number) => {
      while (seen[phase] < count) {
        if (api.child.exitCode !== null || api.child.signalCode !== null)
          throw new Error(
            `The API exited (${api.child.exitCode ?? api.child.signalCode}):\n${api.output().slice(-3000)}`,
          );
        if (tally.dropped.length > 0 || tally.otherErrors.length > 0) return;
        await wait(20);
      }
    };

    const workers = [
      ...payees.slice(0, PAYERS).map((p) => payer(p)),
      ...payees.slice(0, SPLIT_WRITERS).map((p, n) => splitWriter(p, n)),
    ];
    try {
      await reached(30);
      const uploading = upload(payees[0]!);
      const postmaster = Number(
        fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      phase = 'away';
      killedAt = Date.now();
      process.kill(postmaster, 'SIGKILL');
      await reached(10);
      phase = 'back';
      await reached(30);
      await uploading;
    } finally {
      running = false;
      await Promise.all(workers);
    }
    const ended = { code: api.child.exitCode, signal: api.child.signalCode };
    expect(ended, `round ${round + 1}; the API's last words:\n${api.output().slice(-4000)}`).toEqual({
      code: null,
      signal: null,
    });
    expect(tally.dropped, `round ${round + 1}; the API's last words:\n${api.output().slice(-4000)}`).toEqual(
      [],
    );
    expect(tally.otherErrors).toEqual([]);
    recoveries.push(backAt - killedAt!);

    // Money: the ledger balances, and each payout is booked exactly once or not at all.
    const sum = await db.query<{ total: string }>(
      'SELECT COALESCE(SUM(amount), 0)::text AS total FROM ledger_entries',
    );
    expect(sum.rows[0]!.total).toBe('0');
    const { rows: payouts } = await db.query<{
      id: string;
      account_id: string;
      bookings: number;
      returned: number;
    }>(
      `SELECT p.id, p.account_id,
              (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'payout:' || p.id) AS bookings,
              (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'payout:' || p.id || ':returned') AS returned
         FROM payouts p`,
    );
    expect(payouts.filter((payout) => payout.bookings !== 1)).toEqual([]);
    const orphans = await db.query(
      `SELECT t.id FROM ledger_transfers t WHERE t.kind = 'PAYOUT' AND NOT EXISTS (SELECT 1 FROM payouts p WHERE 'payout:' || p.id = t.idempotency_key)`,
    );
    expect(orphans.rows).toEqual([]);
    const stored = new Set(payouts.map(({ id }) => id));
    expect([...answeredPayouts].filter((id) => !stored.has(id))).toEqual([]);
    for (const p of payees) {
      const kept = payouts.filter(
        (payout) => payout.account_id === p.accountId && payout.returned === 0,
      ).length;
      expect(await walletBalance(db, p.accountId)).toBe(CREDIT - kept * PAYOUT);
    }
  }

  console.log(
    `database killed mid-transaction: ${ROUNDS} rounds, ${tally.requests} requests — ${tally.ok} × 2xx, ` +
      `${tally.unavailable} × 503 with Retry-After, other 5xx/4xx ${tally.otherErrors.length}, dropped ` +
      `${tally.dropped.length}, API exits 0; recovery (kill → first 2xx of a request sent after it) ` +
      `${recoveries.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
  );
}, 600_000);
