import type { Queryable } from '../../platform/db.js';
import { walletKey } from './account-keys.js';
import { balanceOf } from './transfer.js';

/** A user's wallet balance in cents. */
export function walletBalance(client: Queryable, accountId: string): Promise<number> {
  return balanceOf(client, walletKey(accountId));
}
