import type { CountryCode } from '@tunehouse/contracts';
import type { Queryable } from '../platform/db.js';
import { insertApprovedVerification } from '../domains/verifications/index.js';

/**
 * Marks an account identity-verified the way payouts read it (docs/decisions/0062-verified-supplier-and-names.md): an approved verification in
 * `legalName`, with an address, and `accounts.verified_at` set.
 */
export function verifyIdentity(
  db: Queryable,
  accountId: string,
  legalName: string,
  address: { addressLine: string; postalCode: string; city: string; country: CountryCode } = {
    addressLine: 'Keizersgracht 1',
    postalCode: '1015 AA',
    city: 'Amsterdam',
    country: 'NL',
  },
): Promise<void> {
  return insertApprovedVerification(db, accountId, { legalName, ...address });
}
