import type { ApiKey } from '@tunehouse/contracts';

export type KeyState = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

/** Whether a key still opens the API: revoked wins over expired, as the API refuses either at once. */
export function keyState(key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now = Date.now()): KeyState {
  if (key.revokedAt) return 'REVOKED';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now) return 'EXPIRED';
  return 'ACTIVE';
}
