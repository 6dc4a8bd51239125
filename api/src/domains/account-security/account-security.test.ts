import {
  activeSessionListSchema,
  currentUserSchema,
  type Endpoint,
  type EndpointArgs,
  endpoints,
  sessionSchema,
  type Session,
  totpEnrolmentSchema,
  userWithSessionSchema,
} from '@tunehouse/contracts';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectOf } from '../../testing/endpoint-inject.js';
import {
  createUser,
  expectError,
  expectShape,
  lastMailTo,
  linkParams,
  PASSWORD,
} from '../../testing/fixtures.js';
import { refreshWith, signIn } from '../../testing/refresh-cookie.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = endpoints.accountSecurity;
const nobody = '00000000-0000-4000-8000-000000000000';

/** A call to an endpoint with the session's bearer token (and more headers when given). */
const call = <E extends Endpoint>(
  session: Session,
  endpoint: E,
  args: EndpointArgs<E>,
  headers: Record<string, string> = {},
) => t.app.inject(injectOf(endpoint, args, { session, headers }));

/** Each session's refresh token, as its cookie handed it over (the body never carries it). */
const refreshTokens = new Map<string, string>();
async function login(app: TestApp['app'], email: string, password = PASSWORD): Promise<Session> {
  const { session, refreshToken } = await signIn(app, email, password);
  refreshTokens.set(String(session.id), refreshToken);
  return session;
}
const refresh = (session: Session) => {
  const token = refreshTokens.get(String(session.id));
  if (token === undefined) throw new Error(`No refresh token kept for session ${session.id}`);
  return refreshWith(t.app, token);
};

/** A code of the authenticator app `offsetSteps` time steps from now (the API accepts ±1 step of drift). */
const codeFor = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** The session is over: its access token is refused and its refresh token too. */
async function expectEnded(session: Session) {
  expectError(await call(session, endpoints.users.me, {}), 401, 'SESSION_ENDED');
  expectError(await refresh(session), 400, 'REFRESH_REJECTED');
}

async function impersonationOf(userId: string): Promise<Session> {
  const admin = await createUser(t.db, { isAdmin: true });
  const adminSession = await login(t.app, admin.email);
  const response = await call(adminSession, endpoints.admin.impersonate, { body: { userId } });
  return expectShape(sessionSchema, response);
}

describe('POST /v1/users/me/email', () => {
  it('refuses a wrong current password on its field and changes nothing', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const response = await call(session, api.changeEmail, {
      body: {
        currentPassword: 'not the password',
        email: 'new-address@example.test',
      },
    });
    const error = expectError(response, 400, 'INVALID_CREDENTIALS');
    expect(error.details).toEqual([
      { path: ['body', 'currentPassword'], message: 'The current password is wrong' },
    ]);
    const { rows } = await t.db.query('SELECT email FROM users WHERE id = $1', [user.id]);
    expect(rows[0].email).toBe(user.email);
  });

  it('refuses an address another account has, on the e-mail field', async () => {
    const [user, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const session = await login(t.app, user.email);
    const response = await call(session, api.changeEmail, {
      body: {
        currentPassword: PASSWORD,
        email: other.email.toUpperCase(),
      },
    });
    const error = expectError(response, 409, 'EMAIL_TAKEN');
    expect(error.details?.map((issue) => issue.path)).toEqual([['body', 'email']]);
  });

  it('refuses the address the user has already, and names an invalid one', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const same = await call(session, api.changeEmail, {
      body: {
        currentPassword: PASSWORD,
        email: user.email,
      },
    });
    expect(expectError(same, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['body', 'email']);
    const invalid = await call(session, api.changeEmail, {
      body: {
        currentPassword: PASSWORD,
        email: 'not-an-address',
      },
    });
    expect(expectError(invalid, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['body', 'email']);
  });

  it('sets the new address unconfirmed, mails it an activation link and ends every other session', async () => {
    const user = await createUser(t.db);
    const [session, otherDevice] = [await login(t.app, user.email), await login(t.app, user.email)];
    const email = `moved-${Date.now()}@example.test`;
    const response = await call(session, api.changeEmail, {
      body: {
        currentPassword: PASSWORD,
        email: `  ${email.toUpperCase()} `,
      },
    });
    expect(expectShape(currentUserSchema, response)).toMatchObject({ email, emailVerified: false });

    await expectEnded(otherDevice);
    expect((await call(session, endpoints.users.me, {})).statusCode).toBe(200);
    expect((await login(t.app, email)).user.email).toBe(email);

    const mail = await lastMailTo(t.db, email);
    expect(mail.template).toBe('email-activation');
    const activated = await t.app.inject(
      injectOf(endpoints.accounts.activateEmail, { body: linkParams(mail.link) }),
    );
    expect(expectShape(userWithSessionSchema, activated).email).toBe(email);
    const me = expectShape(currentUserSchema, await call(session, endpoints.users.me, {}));
    expect(me.emailVerified).toBe(true);
  });
});

describe('POST /v1/users/me/password', () => {
  it('refuses a wrong current password on its field, and a short new one on its own', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const wrong = await call(session, api.changePassword, {
      body: {
        currentPassword: 'nope',
        password: 'a brand new password',
      },
    });
    expect(expectError(wrong, 400, 'INVALID_CREDENTIALS').details?.[0]?.path).toEqual([
      'body',
      'currentPassword',
    ]);
    const short = await call(session, api.changePassword, {
      body: {
        currentPassword: PASSWORD,
        password: 'short',
      },
    });
    expect(expectError(short, 400, 'VALIDATION_FAILED').details?.[0]?.path).toEqual(['body', 'password']);
    await login(t.app, user.email, PASSWORD);
  });

  it('sets the new password (argon2id) and ends every other session, keeping this one', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const others = [await login(t.app, user.email), await login(t.app, user.email)];
    const response = await call(session, api.changePassword, {
      body: {
        currentPassword: PASSWORD,
        password: 'a brand new password',
      },
    });
    expect(response.statusCode).toBe(204);

    for (const other of others) await expectEnded(other);
    expect((await call(session, endpoints.users.me, {})).statusCode).toBe(200);
    expect(expectShape(sessionSchema, await refresh(session)).id).toBe(session.id);
    const { rows } = await t.db.query('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const old = await t.app.inject(
      injectOf(endpoints.sessions.login, { body: { email: user.email, password: PASSWORD } }),
    );
    expectError(old, 401, 'INVALID_CREDENTIALS');
    await login(t.app, user.email, 'a brand new password');
  });
});

describe('second-step verification with an authenticator app', () => {
  it('enrols, is confirmed by a first code, and then challenges every login', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const started = await call(session, api.startTotp, {});
    expect(started.statusCode).toBe(201);
    const enrolment = expectShape(totpEnrolmentSchema, started);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauthUrl).toContain('issuer=Tunehouse');

    // Not in use until confirmed.
    expect((await login(t.app, user.email)).status).toBe('active');
    const wrong = await call(session, api.confirmTotp, { body: { secret: '000000' } });
    expect(expectError(wrong, 400, 'CHALLENGE_SECRET_INVALID').details?.[0]?.path).toEqual([
      'body',
      'secret',
    ]);
    const confirmed = await call(session, api.confirmTotp, {
      body: {
        secret: await codeFor(enrolment.secret),
      },
    });
    expect(expectShape(currentUserSchema, confirmed).secondStep).toBe('totp');

    const challenged = await login(t.app, user.email);
    expect(challenged).toMatchObject({ status: 'pending', challenge: { method: 'totp' } });
    // The confirming code was used; the next one (one step of drift allowed) passes the challenge.
    const verified = await call(challenged, endpoints.sessions.verify, {
      body: {
        secret: await codeFor(enrolment.secret, 1),
      },
    });
    expect(expectShape(sessionSchema, verified).status).toBe('active');

    const again = await call(session, api.startTotp, {});
    expectError(again, 409, 'CONFLICT');
  });

  it('refuses a confirmation without a started enrolment', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const response = await call(session, api.confirmTotp, {
      body: {
        secret: '123456',
      },
    });
    expectError(response, 409, 'CONFLICT');
  });

  it('turns off with the current password only', async () => {
    const user = await createUser(t.db, {
      secondStep: 'totp',
      totpSecret: 'OR2W4ZLIN52XGZJNMRSW23ZNORXXI4BB',
    });
    const pending = await login(t.app, user.email);
    const session = expectShape(
      sessionSchema,
      await call(pending, endpoints.sessions.verify, {
        body: {
          secret: await codeFor('OR2W4ZLIN52XGZJNMRSW23ZNORXXI4BB'),
        },
      }),
    );
    const wrong = await call(session, api.turnOffSecondStep, { body: { currentPassword: 'nope' } });
    expect(expectError(wrong, 400, 'INVALID_CREDENTIALS').details?.[0]?.path).toEqual([
      'body',
      'currentPassword',
    ]);
    const off = await call(session, api.turnOffSecondStep, { body: { currentPassword: PASSWORD } });
    expect(off.statusCode).toBe(204);
    expect((await login(t.app, user.email)).status).toBe('active');
    const me = expectShape(currentUserSchema, await call(session, endpoints.users.me, {}));
    expect(me.secondStep).toBe('none');
  });

  it('is not reachable from a session still waiting for its second step', async () => {
    const user = await createUser(t.db, {
      secondStep: 'totp',
      totpSecret: 'OR2W4ZLIN52XGZJNMRSW23ZNORXXI4BB',
    });
    const pending = await login(t.app, user.email);
    const response = await call(pending, api.turnOffSecondStep, { body: { currentPassword: PASSWORD } });
    expectError(response, 403, 'CHALLENGE_REQUIRED');
  });
});

describe('GET and DELETE /v1/sessions', () => {
  it('lists the live sessions with where they were used from, this one marked', async () => {
    const user = await createUser(t.db);
    const phone = await login(t.app, user.email);
    await call(phone, endpoints.users.me, {}, { 'user-agent': 'TestPhone/1.0' });
    const laptop = await login(t.app, user.email);
    const ended = await login(t.app, user.email);
    await call(ended, endpoints.sessions.destroy, {});
    const stranger = await createUser(t.db);
    await login(t.app, stranger.email);

    // The phone's use is noted after its answer; wait for it.
    await expect
      .poll(async () => {
        const { rows } = await t.db.query('SELECT user_agent FROM sessions WHERE id = $1', [phone.id]);
        return rows[0].user_agent;
      })
      .toBe('TestPhone/1.0');
    const response = await call(laptop, api.listSessions, {}, { 'user-agent': 'TestLaptop/2.0' });
    const list = expectShape(activeSessionListSchema, response);
    expect(list.items.map((item) => item.id).sort()).toEqual([phone.id, laptop.id].sort());
    const byId = Object.fromEntries(list.items.map((item) => [item.id, item]));
    expect(byId[laptop.id]).toMatchObject({ current: true, userAgent: 'TestLaptop/2.0', status: 'active' });
    expect(byId[laptop.id]!.lastUsedAt).not.toBeNull();
    expect(byId[phone.id]).toMatchObject({
      current: false,
      userAgent: 'TestPhone/1.0',
      impersonation: false,
    });
    expect(list.items[0]!.id).toBe(laptop.id);
  });

  it('ends one session (its refresh is refused); another user’s is not found', async () => {
    const user = await createUser(t.db);
    const [session, other] = [await login(t.app, user.email), await login(t.app, user.email)];
    const stranger = await createUser(t.db);
    const strangerSession = await login(t.app, stranger.email);

    expectError(
      await call(session, api.endSession, { params: { id: String(strangerSession.id) } }),
      404,
      'NOT_FOUND',
    );
    expect((await call(strangerSession, endpoints.users.me, {})).statusCode).toBe(200);
    expectError(await call(session, api.endSession, { params: { id: nobody } }), 404, 'NOT_FOUND');

    expect((await call(session, api.endSession, { params: { id: String(other.id) } })).statusCode).toBe(204);
    await expectEnded(other);
    expectError(await call(session, api.endSession, { params: { id: String(other.id) } }), 404, 'NOT_FOUND');
    const list = expectShape(activeSessionListSchema, await call(session, api.listSessions, {}));
    expect(list.items.map((item) => item.id)).toEqual([session.id]);
  });
});

describe('an administrator viewing as the user', () => {
  it('may list the sessions, and change nothing of how the user signs in (403)', async () => {
    const user = await createUser(t.db);
    const own = await login(t.app, user.email);
    const impersonation = await impersonationOf(user.id);
    const attempts = [
      () =>
        call(impersonation, api.changeEmail, {
          body: { currentPassword: PASSWORD, email: 'admin-chosen@example.test' },
        }),
      () =>
        call(impersonation, api.changePassword, {
          body: { currentPassword: PASSWORD, password: 'admin chosen password' },
        }),
      () => call(impersonation, api.startTotp, {}),
      () => call(impersonation, api.confirmTotp, { body: { secret: '123456' } }),
      () => call(impersonation, api.turnOffSecondStep, { body: { currentPassword: PASSWORD } }),
      () => call(impersonation, api.endSession, { params: { id: String(own.id) } }),
    ];
    for (const attempt of attempts) {
      expectError(await attempt(), 403, 'IMPERSONATION_FORBIDDEN');
    }
    const list = expectShape(activeSessionListSchema, await call(impersonation, api.listSessions, {}));
    expect(list.items.find((item) => item.current)).toMatchObject({
      id: impersonation.id,
      impersonation: true,
    });
    expect((await call(own, endpoints.users.me, {})).statusCode).toBe(200);
    await login(t.app, user.email, PASSWORD);
  });
});

describe('without a session', () => {
  it.each([
    [
      'changeEmail',
      injectOf(api.changeEmail, { body: { currentPassword: PASSWORD, email: 'a@example.test' } }),
    ],
    [
      'changePassword',
      injectOf(api.changePassword, { body: { currentPassword: PASSWORD, password: 'x'.repeat(12) } }),
    ],
    ['startTotp', injectOf(api.startTotp)],
    ['confirmTotp', injectOf(api.confirmTotp, { body: { secret: '123456' } })],
    ['turnOffSecondStep', injectOf(api.turnOffSecondStep, { body: { currentPassword: PASSWORD } })],
    ['listSessions', injectOf(api.listSessions)],
    ['endSession', injectOf(api.endSession, { params: { id: nobody } })],
  ] as const)('%s answers 401', async (_name, request) => {
    expectError(await t.app.inject(request), 401, 'UNAUTHENTICATED');
  });
});
