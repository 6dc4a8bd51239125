import { endpoints, type Session } from '@tunehouse/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createUser, expectError, login } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { SIGN_IN_LIMITS } from './sign-in-limits.js';

const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verify = (session: Session, secret: string, remoteAddress: string) =>
  t.app.inject({ ...injectOf(endpoints.sessions.verify, { body: { secret } }, { session }), remoteAddress });

const mailsTo = async (to: string, template: string) =>
  Number(
    (
      await t.db.query<{ count: string }>(
        'SELECT count(*) AS count FROM outbox WHERE recipient = $1 AND template = $2',
        [to, template],
      )
    ).rows[0]!.count,
  );

describe('wrong second-step codes', () => {
  it(`are capped per account across sessions and networks (${SIGN_IN_LIMITS.secondStep.max} in ${SIGN_IN_LIMITS.secondStep.minutes} minutes), and the owner is told once`, async () => {
    const user = await createUser(t.db, { secondStep: 'totp', totpSecret: TOTP_SECRET });
    // Whoever guesses knows the password: a fresh sign-in brings a fresh challenge, from another address each time.
    let wrong = 0;
    for (let round = 0; wrong < SIGN_IN_LIMITS.secondStep.max; round += 1) {
      const pending = await login(t.app, user.email);
      for (let attempt = 0; attempt < 3 && wrong < SIGN_IN_LIMITS.secondStep.max; attempt += 1) {
        const response = await verify(pending, '000000', `203.0.113.${round + 1}`);
        expect([400, 401]).toContain(response.statusCode);
        wrong += 1;
      }
    }
    const pending = await login(t.app, user.email);
    const refused = await verify(pending, await generate({ secret: TOTP_SECRET }), '203.0.113.200');
    expect(expectError(refused, 429, 'RATE_LIMITED').message).toContain('this account');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(user.email, 'wrong-codes-alert')).toBe(1);

    // Once the window has passed, the right code works again.
    await t.db.query(
      `UPDATE sign_in_attempts SET at = at - interval '16 minutes' WHERE kind = 'second_step_failed'`,
    );
    const later = await login(t.app, user.email);
    expect((await verify(later, await generate({ secret: TOTP_SECRET }), '203.0.113.201')).statusCode).toBe(
      200,
    );
  });
});

describe('password-reset mails', () => {
  it(`reach one inbox at most ${SIGN_IN_LIMITS.resetMails.max} times an hour, however many networks ask; the answer never changes`, async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < SIGN_IN_LIMITS.resetMails.max + 3; i += 1) {
      const response = await t.app.inject({
        ...injectOf(endpoints.accounts.requestPasswordReset, { body: { email: user.email } }),
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(response.statusCode).toBe(204);
    }
    expect(await mailsTo(user.email, 'password-reset')).toBe(SIGN_IN_LIMITS.resetMails.max);
  });
});
