import type { Queryable } from '../../platform/db.js';
import type { EmitEvent } from '../../platform/webhook-events.js';
import { parseAccountKey } from '../ledger/index.js';
import type { Allocation } from './allocation.js';
import { accountsWithStatement } from './repository.js';

/**
 * Records `statement.ready` for every account with a statement of the period just closed, in the close's
 * transaction (docs/decisions/0088-webhooks.md): the owners of its matched revenue, and every wallet it credited
 * (split participants included). One event per account, in a stable order; an account since removed gets none.
 */
export async function tellStatementsReady(
  tx: Queryable,
  period: { id: string; month: string },
  allocations: readonly Allocation[],
  emit: EmitEvent,
): Promise<void> {
  const credited = new Set<string>();
  for (const allocation of allocations) {
    if (allocation.kind !== 'CREDIT') continue;
    const { accountId } = parseAccountKey(allocation.beneficiaryKey);
    if (accountId) credited.add(accountId);
  }
  for (const accountId of await accountsWithStatement(tx, period.id, [...credited]))
    await emit(tx, accountId, 'statement.ready', { periodId: period.id, month: period.month });
}
