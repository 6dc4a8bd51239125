import type { AccountRecord, SecondStep, UserRecord } from '../../platform/auth-guard.js';
import type { Queryable } from '../../platform/db.js';

/** The columns every user read selects: `u` is users, `a` its account. */
export const USER_COLUMNS = `
  u.id AS user_id, u.email, u.first_name, u.last_name, u.is_admin, u.email_verified_at, u.second_step,
  u.created_at AS user_created_at,
  a.id AS account_id, a.country, a.city, a.verified_at, a.suspended_at`;

export type UserRow = {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_admin: boolean;
  email_verified_at: Date | null;
  second_step: SecondStep;
  user_created_at: Date;
  account_id: string;
  country: string | null;
  city: string | null;
  verified_at: Date | null;
  suspended_at: Date | null;
};

export function toUserRecord(row: UserRow): UserRecord {
  const account: AccountRecord = {
    id: row.account_id,
    country: row.country,
    city: row.city,
    verifiedAt: row.verified_at,
    suspendedAt: row.suspended_at,
  };
  return {
    id: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin,
    emailVerifiedAt: row.email_verified_at,
    secondStep: row.second_step,
    createdAt: row.user_created_at,
    account,
  };
}

export async function findUserById(q: Queryable, id: string): Promise<UserRecord | null> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.id = $1`,
    [id],
  );
  return rows[0] ? toUserRecord(rows[0]) : null;
}

export type Credentials = { user: UserRecord; passwordHash: string };

export async function findCredentialsByEmail(q: Queryable, email: string): Promise<Credentials | null> {
  const { rows } = await q.query<UserRow & { password_hash: string }>(
    `SELECT ${USER_COLUMNS}, u.password_hash
       FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.email = $1`,
    [email],
  );
  const row = rows[0];
  return row ? { user: toUserRecord(row), passwordHash: row.password_hash } : null;
}

export type NewUser = {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  country?: string | null;
  city?: string | null;
  isAdmin?: boolean;
  secondStep?: SecondStep;
  totpSecret?: string | null;
  emailVerified?: boolean;
  suspended?: boolean;
};

/** Creates a user with its own account. Answers null when the e-mail address is taken. */
export async function insertUser(q: Queryable, user: NewUser): Promise<UserRecord | null> {
  const { rows } = await q.query<{ id: string }>(
    `WITH account AS (
       INSERT INTO accounts (country, city, suspended_at)
       SELECT $1, $2, CASE WHEN $3 THEN now() END WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = $4)
       RETURNING id
     )
     INSERT INTO users (account_id, email, password_hash, first_name, last_name, is_admin, second_step,
                        totp_secret, email_verified_at)
     SELECT account.id, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11 THEN now() END FROM account
     ON CONFLICT (email) DO NOTHING
     RETURNING id`,
    [
      user.country ?? null,
      user.city ?? null,
      user.suspended ?? false,
      user.email,
      user.passwordHash,
      user.firstName,
      user.lastName,
      user.isAdmin ?? false,
      user.secondStep ?? 'none',
      user.totpSecret ?? null,
      user.emailVerified ?? false,
    ],
  );
  // Two sign-ups racing for one address can both insert an account; the loser's is rolled back with its
  // transaction (sign-up answers 409 from inside it).
  return rows[0] ? findUserById(q, rows[0].id) : null;
}

export type ProfileChanges = {
  firstName?: string | undefined;
  lastName?: string | undefined;
  country?: string | null | undefined;
  city?: string | null | undefined;
};

export async function updateProfile(q: Queryable, user: UserRecord, changes: ProfileChanges): Promise<void> {
  if (changes.firstName !== undefined || changes.lastName !== undefined) {
    await q.query(
      `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name),
                        updated_at = now()
        WHERE id = $1`,
      [user.id, changes.firstName ?? null, changes.lastName ?? null],
    );
  }
  if (changes.country !== undefined || changes.city !== undefined) {
    await q.query(
      `UPDATE accounts SET country = CASE WHEN $2 THEN $3 ELSE country END,
                           city = CASE WHEN $4 THEN $5 ELSE city END
        WHERE id = $1`,
      [
        user.account.id,
        changes.country !== undefined,
        changes.country ?? null,
        changes.city !== undefined,
        changes.city ?? null,
      ],
    );
  }
}

export async function setPassword(q: Queryable, userId: string, passwordHash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
    userId,
    passwordHash,
  ]);
}

export async function markEmailVerified(q: Queryable, userId: string): Promise<void> {
  await q.query(
    'UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1',
    [userId],
  );
}

export async function findTotp(
  q: Queryable,
  userId: string,
): Promise<{ secret: string; lastStep: number | null } | null> {
  const { rows } = await q.query<{ totp_secret: string | null; totp_last_step: string | null }>(
    'SELECT totp_secret, totp_last_step FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  const row = rows[0];
  if (!row?.totp_secret) return null;
  return {
    secret: row.totp_secret,
    lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };
}

export async function recordTotpStep(q: Queryable, userId: string, step: number): Promise<void> {
  await q.query('UPDATE users SET totp_last_step = $2 WHERE id = $1', [userId, step]);
}
