import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  currentUserSchema,
  endpoints,
  isAtLeast,
  sessionSchema,
  type Session,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  urlOf,
  verificationStatusSchema,
} from '@tunehouse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../platform/jobs.js';
import { TokenService } from '../../platform/tokens.js';
import { injectOf } from '../../testing/endpoint-inject.js';
import {
  bearer,
  createUser,
  expectError,
  expectShape,
  login,
  multipart,
  type Part,
} from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createBuiltInVerificationService, type VerificationService } from './service.js';

let t: TestApp;
let dataDir: string;
let verifications: VerificationService;
let png: Buffer;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tunehouse-verifications-'));
  t = await createTestApp({ dataDir });
  // The worker the API process runs (main.ts), driven by hand here.
  verifications = createBuiltInVerificationService({ db: t.db, jobs: t.jobs, storage: dataDir });
  // A real PNG: a photo-like 640×400 scan of an ID card.
  png = await sharp(randomBytes(640 * 400 * 3), { raw: { width: 640, height: 400, channels: 3 } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const FIELDS = {
  legalName: 'Adaeze Nwosu',
  dateOfBirth: '1990-04-17',
  addressLine: 'Rruga Agim Ramadani 15',
  city: 'Prishtina',
  postalCode: '10000',
  country: 'XK',
};

function submission(fields: Partial<typeof FIELDS> = {}, document?: Partial<Part> | null): Part[] {
  const parts: Part[] = Object.entries({ ...FIELDS, ...fields }).map(([name, data]) => ({ name, data }));
  if (document !== null) {
    parts.push({ name: 'document', filename: 'id-card.png', type: 'image/png', data: png, ...document });
  }
  return parts;
}

const api = endpoints.verifications;

/** The multipart request of a submission, with the session's token when there is one. */
function submitRequest(parts: Part[], headers: Record<string, string> = {}) {
  const body = multipart(parts);
  return {
    method: api.submit.method,
    url: urlOf(api.submit),
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  };
}

const submit = (session: Session, parts: Part[], headers: Record<string, string> = {}) =>
  t.app.inject(submitRequest(parts, { ...bearer(session), ...headers }));

const current = async (session: Session) =>
  expectShape(verificationStatusSchema, await t.app.inject(injectOf(api.current, {}, { session })));

async function newSession(): Promise<{ session: Session; accountId: string }> {
  const user = await createUser(t.db);
  return { session: await login(t.app, user.email), accountId: user.account.id };
}

async function latestId(accountId: string): Promise<string> {
  const { rows } = await t.db.query(
    'SELECT id FROM identity_verifications WHERE account_id = $1 ORDER BY submitted_at DESC LIMIT 1',
    [accountId],
  );
  return rows[0].id;
}

describe('POST /v1/verifications', () => {
  it('takes a valid submission with a real PNG: 202 PENDING, the document kept privately, a decision job due in 3 s', async () => {
    const { session, accountId } = await newSession();
    expect(await current(session)).toEqual({
      status: 'NONE',
      submittedAt: null,
      decidedAt: null,
      reason: null,
    });

    const response = await submit(session, submission());
    expect(response.statusCode).toBe(202);
    expect(expectShape(verificationStatusSchema, response)).toMatchObject({
      status: 'PENDING',
      decidedAt: null,
    });
    expect(await current(session)).toMatchObject({ status: 'PENDING' });

    const { rows } = await t.db.query(
      `SELECT legal_name, to_char(date_of_birth, 'YYYY-MM-DD') AS dob, country, provider, provider_reference,
              document_file, document_type, document_size
         FROM identity_verifications WHERE account_id = $1`,
      [accountId],
    );
    expect(rows[0]).toMatchObject({
      legal_name: 'Adaeze Nwosu',
      dob: '1990-04-17',
      country: 'XK',
      provider: 'simulator',
      document_type: 'image/png',
      document_size: png.length,
    });
    expect(rows[0].provider_reference).toMatch(/^simulated-/);
    const file = path.join(dataDir, 'verifications', rows[0].document_file);
    expect(fs.readFileSync(file).equals(png)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const jobs = await t.db.query(
      `SELECT data, extract(epoch FROM start_after - created_on) AS delay FROM pgboss.job WHERE name = $1
        AND data->>'verificationId' = $2`,
      [QUEUES.identityVerification, await latestId(accountId)],
    );
    expect(jobs.rows).toHaveLength(1);
    expect(Number(jobs.rows[0].delay)).toBeCloseTo(3, 0);

    const again = await submit(session, submission());
    expectError(again, 409, 'CONFLICT');
  });

  it('refuses a text file named .png by its content: 415 on the document field', async () => {
    const { session, accountId } = await newSession();
    const response = await submit(
      session,
      submission({}, { data: 'I am not a picture of anything\n'.repeat(20), filename: 'passport.png' }),
    );
    const error = expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(error.details?.map((issue) => issue.path)).toEqual([['body', 'document']]);
    const { rows } = await t.db.query('SELECT 1 FROM identity_verifications WHERE account_id = $1', [
      accountId,
    ]);
    expect(rows).toHaveLength(0);
    expect(fs.existsSync(path.join(dataDir, 'verifications', accountId))).toBe(false);
  });

  it('accepts a PDF and a JPEG, and refuses a GIF (415)', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const jpeg = await sharp(png).jpeg().toBuffer();
    const gif = await sharp(png).gif().toBuffer();
    for (const [data, status] of [
      [pdf, 202],
      [jpeg, 202],
      [gif, 415],
    ] as const) {
      const { session } = await newSession();
      expect((await submit(session, submission({}, { data, filename: 'doc' }))).statusCode).toBe(status);
    }
  });

  it('refuses a document over 10 MiB with 413 on the document field', async () => {
    const { session } = await newSession();
    const big = Buffer.concat([png, Buffer.alloc(VERIFICATION_DOCUMENT_MAX_BYTES)]);
    const error = expectError(await submit(session, submission({}, { data: big })), 413, 'PAYLOAD_TOO_LARGE');
    expect(error.details?.[0]?.path).toEqual(['body', 'document']);
  });

  it('refuses a decompression bomb (a tiny PNG claiming 30000 × 30000 pixels) with 413, before decoding it', async () => {
    const { session } = await newSession();
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    // The IHDR chunk follows the 8-byte signature: length (4), type (4), width (4), height (4), …, CRC (4).
    bomb.writeUInt32BE(30000, 16);
    bomb.writeUInt32BE(30000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    const error = expectError(
      await submit(session, submission({}, { data: bomb })),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(error.details?.[0]?.path).toEqual(['body', 'document']);
    expect(error.message).toContain('30000 × 30000');
  });

  it('refuses someone under 18, and dates that do not exist, on the date field', async () => {
    const { session } = await newSession();
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    for (const dateOfBirth of [seventeen, '1990-02-30', '17/04/1990', '2999-01-01']) {
      const error = expectError(await submit(session, submission({ dateOfBirth })), 400, 'VALIDATION_FAILED');
      expect(error.details?.map((issue) => issue.path)).toEqual([['body', 'dateOfBirth']]);
    }
    expect((await current(session)).status).toBe('NONE');
  });

  it('names every missing or invalid field, the document included', async () => {
    const { session } = await newSession();
    const response = await submit(session, submission({ legalName: ' ', country: 'ZZ', city: '' }, null));
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.details?.map((issue) => issue.path.join('.')).sort()).toEqual([
      'body.city',
      'body.country',
      'body.document',
      'body.legalName',
    ]);
  });

  it('wants multipart/form-data (415 otherwise) and a session (401)', async () => {
    const { session } = await newSession();
    const json = await t.app.inject({
      method: api.submit.method,
      url: urlOf(api.submit),
      headers: bearer(session),
      payload: FIELDS,
    });
    expect(expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE').details?.[0]?.path).toEqual([
      'headers',
      'content-type',
    ]);
    expectError(await t.app.inject(submitRequest(submission())), 401, 'UNAUTHENTICATED');
    expectError(await t.app.inject(injectOf(api.current)), 401, 'UNAUTHENTICATED');
  });

  it('is refused to an administrator viewing as the user (403), who may still read the status', async () => {
    const user = await createUser(t.db);
    const admin = await createUser(t.db, { isAdmin: true });
    const adminSession = await login(t.app, admin.email);
    const impersonation = expectShape(
      sessionSchema,
      await t.app.inject(
        injectOf(endpoints.admin.impersonate, { body: { userId: user.id } }, { session: adminSession }),
      ),
    );
    expectError(await submit(impersonation, submission()), 403, 'IMPERSONATION_FORBIDDEN');
    expect((await current(impersonation)).status).toBe('NONE');
  });
});

describe('the simulated provider', () => {
  it('approves a valid submission and sets account.verifiedAt; the status says when', async () => {
    const { session, accountId } = await newSession();
    await submit(session, submission());
    const other = await newSession();
    await verifications.review({ verificationId: await latestId(accountId) });

    const status = await current(session);
    expect(status).toMatchObject({ status: 'APPROVED', reason: null });
    expect(status.decidedAt).not.toBeNull();
    const me = expectShape(
      currentUserSchema,
      await t.app.inject(injectOf(endpoints.users.me, {}, { session })),
    );
    expect(me.account.verifiedAt).toBe(status.decidedAt);
    // Another account is untouched.
    expect((await current(other.session)).status).toBe('NONE');
    expectError(await submit(session, submission()), 409, 'CONFLICT');

    // A retried job changes nothing.
    await verifications.review({ verificationId: await latestId(accountId) });
    expect(await current(session)).toEqual(status);
  });

  it('answers APPROVED for an account verified without a submission of its own, as verifiedAt says', async () => {
    const { session, accountId } = await newSession();
    expect((await current(session)).status).toBe('NONE');
    await t.db.query(`UPDATE accounts SET verified_at = '2026-03-04T05:06:07Z' WHERE id = $1`, [accountId]);
    const me = expectShape(
      currentUserSchema,
      await t.app.inject(injectOf(endpoints.users.me, {}, { session })),
    );
    expect(me.account.verifiedAt).toBe('2026-03-04T05:06:07.000Z');
    expect(await current(session)).toEqual({
      status: 'APPROVED',
      submittedAt: null,
      decidedAt: '2026-03-04T05:06:07.000Z',
      reason: null,
    });
    expectError(await submit(session, submission()), 409, 'CONFLICT');
  });

  it('decides through the real pg-boss queue after its delay', async () => {
    const { session } = await newSession();
    await submit(session, submission());
    await t.jobs.work(QUEUES.identityVerification, (job: { verificationId: string }) =>
      verifications.review(job),
    );
    await expect
      .poll(async () => (await current(session)).status, { timeout: 15_000, interval: 250 })
      .toBe('APPROVED');
  }, 20_000);

  it('rejects with a reason (a legal name containing "reject"), after which the user may send again', async () => {
    const { session, accountId } = await newSession();
    await submit(session, submission({ legalName: 'Rejected Person' }));
    await verifications.review({ verificationId: await latestId(accountId) });
    const status = await current(session);
    expect(status).toMatchObject({ status: 'REJECTED', reason: expect.stringMatching(/reject/) });
    const { rows } = await t.db.query('SELECT verified_at FROM accounts WHERE id = $1', [accountId]);
    expect(rows[0].verified_at).toBeNull();
    expect((await submit(session, submission())).statusCode).toBe(202);
  });

  it('rejects a photo too small to read', async () => {
    const { session, accountId } = await newSession();
    const tiny = await sharp(randomBytes(64 * 40 * 3), { raw: { width: 64, height: 40, channels: 3 } })
      .png()
      .toBuffer();
    await submit(session, submission({}, { data: tiny }));
    await verifications.review({ verificationId: await latestId(accountId) });
    expect(await current(session)).toMatchObject({
      status: 'REJECTED',
      reason: expect.stringMatching(/small/),
    });
  });
});

describe('bot check (a submission is the verify_identity action)', () => {
  it('is required under the enforce policy', async () => {
    const strict = await createTestApp({ dataDir, botCheck: 'enforce' });
    try {
      const user = await createUser(strict.db);
      // A session straight into the database: logging in would need a solved bot check too.
      const { rows } = await strict.db.query(
        `INSERT INTO sessions (user_id, status, expires_at) VALUES ($1, 'active', now() + interval '1 hour')
         RETURNING id`,
        [user.id],
      );
      const tokens = new TokenService(strict.config.jwtSecret, strict.config.accessTokenTtlSeconds);
      const token = await tokens.signAccess(user.id, rows[0].id);
      const refused = await strict.app.inject(submitRequest(submission(), bearer(token)));
      expectError(refused, 403, 'BOT_CHECK_REQUIRED');
    } finally {
      await strict.close();
    }
  });
});

describe('isAtLeast (contracts)', () => {
  it('counts whole years, someone born on 29 February coming of age on 1 March', () => {
    const on = (date: string) => new Date(`${date}T12:00:00Z`);
    expect(isAtLeast('2007-06-15', 18, on('2025-06-15'))).toBe(true);
    expect(isAtLeast('2007-06-16', 18, on('2025-06-15'))).toBe(false);
    expect(isAtLeast('2004-02-29', 18, on('2022-02-28'))).toBe(false);
    expect(isAtLeast('2004-02-29', 18, on('2022-03-01'))).toBe(true);
  });
});
