import type { ApiKey } from '@tunehouse/contracts';
import type { AuthContext } from '../../platform/auth-guard.js';
import type { Queryable } from '../../platform/db.js';
import { toUserRecord, USER_COLUMNS, type UserRow } from '../users/index.js';

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expires_at: Date | null;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_from: string | null;
};

const KEY_COLUMNS = `k.id, k.name, k.prefix, k.scopes, k.expires_at, k.created_at, k.revoked_at, k.last_used_at,
  k.last_used_from`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    expiresAt: iso(row.expires_at),
    createdAt: row.created_at.toISOString(),
    revokedAt: iso(row.revoked_at),
    lastUsedAt: iso(row.last_used_at),
    lastUsedFrom: row.last_used_from,
  };
}

export async function insertKey(
  q: Queryable,
  key: {
    accountId: string;
    name: string;
    prefix: string;
    secretSha256: Buffer;
    scopes: string[];
    expiresAt: Date | null;
  },
): Promise<ApiKey> {
  const { rows } = await q.query<KeyRow>(
    `INSERT INTO api_keys AS k (account_id, name, prefix, secret_sha256, scopes, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${KEY_COLUMNS}`,
    [key.accountId, key.name, key.prefix, key.secretSha256, key.scopes, key.expiresAt],
  );
  return toApiKey(rows[0]!);
}

export async function listKeys(q: Queryable, accountId: string): Promise<ApiKey[]> {
  const { rows } = await q.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.account_id = $1 ORDER BY k.created_at DESC, k.id`,
    [accountId],
  );
  return rows.map(toApiKey);
}

export async function listAllKeys(q: Queryable): Promise<Array<ApiKey & { ownerEmail: string }>> {
  const { rows } = await q.query<KeyRow & { email: string }>(
    `SELECT ${KEY_COLUMNS}, u.email FROM api_keys k JOIN users u ON u.account_id = k.account_id
      ORDER BY k.created_at DESC, k.id LIMIT 1000`,
  );
  return rows.map((row) => ({ ...toApiKey(row), ownerEmail: row.email }));
}

/** Revokes a live key (of the account, when one is named); false when there is no such live key. */
export async function revokeKey(
  q: Queryable,
  keyId: string,
  by: string,
  accountId?: string,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE api_keys SET revoked_at = now(), revoked_by = $2
      WHERE id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR account_id = $3)`,
    [keyId, by, accountId ?? null],
  );
  return rowCount === 1;
}

export type KeyHolder = AuthContext & { expiresAt: Date | null; revokedAt: Date | null };

/** The key with this secret hash and the account's user: one query per call made with a key. */
export async function findKeyHolder(q: Queryable, secretSha256: Buffer): Promise<KeyHolder | null> {
  const { rows } = await q.query<KeyRow & UserRow>({
    name: 'find-api-key-holder',
    text: `SELECT ${KEY_COLUMNS}, ${USER_COLUMNS}
             FROM api_keys k
             JOIN accounts a ON a.id = k.account_id
             JOIN users u ON u.account_id = a.id
            WHERE k.secret_sha256 = $1`,
    values: [secretSha256],
  });
  const row = rows[0];
  if (!row) return null;
  const user = toUserRecord(row);
  return {
    user,
    key: { id: row.id, scopes: row.scopes },
    // The key stands in for a session: active, never an impersonation (AuthContext).
    session: {
      id: row.id,
      userId: user.id,
      status: 'active',
      expiresAt: row.expires_at ?? new Date(8.64e15),
      revokedAt: row.revoked_at,
      impersonatorId: null,
      impersonatorEmail: null,
    },
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

export async function stampKeyUse(q: Queryable, keyId: string, address: string | null): Promise<void> {
  await q.query(`UPDATE api_keys SET last_used_at = now(), last_used_from = $2 WHERE id = $1`, [
    keyId,
    address,
  ]);
}
