import type { Queryable } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { findVerifiedIdentity } from '../verifications/index.js';
import { holderMatchesVerifiedName } from './holder-name-match.js';

/**
 * A new bank account's holder against the account's verified legal name (docs/decisions/0062-verified-supplier-and-names.md): MATCHED, or saved
 * as PENDING_REVIEW for an administrator. An account without an approved identity verification has no name to
 * compare with and adds no bank account (403 IDENTITY_NOT_VERIFIED), as it could not be paid to anyway. The IBAN's
 * country against the chosen one is the contract's (newPaymentMethodSchema).
 */
export async function holderReviewOfNewAccount(
  q: Queryable,
  accountId: string,
  holderName: string,
): Promise<'MATCHED' | 'PENDING_REVIEW'> {
  const identity = await findVerifiedIdentity(q, accountId);
  if (!identity)
    throw new ApiError(
      403,
      'IDENTITY_NOT_VERIFIED',
      'Verify your identity before adding a bank account: its holder is compared with your verified name',
    );
  return holderMatchesVerifiedName(holderName, identity.legalName) ? 'MATCHED' : 'PENDING_REVIEW';
}
