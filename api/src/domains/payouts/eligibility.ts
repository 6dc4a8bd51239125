import type { PayoutBlocker, PayoutEligibility } from '@tunehouse/contracts';
import { isPayableReview } from '@tunehouse/contracts';
import type { AuthContext } from '../../platform/auth-guard.js';
import type { Db } from '../../platform/db.js';
import { findBillingDetails, listMethods } from '../billing/index.js';
import { walletBalance } from '../ledger/index.js';
import { findVerifiedIdentity } from '../verifications/index.js';

export type EligibilityDeps = { db: Db; platformCurrency: string; minimumCents: number };

/**
 * Whether the caller may request a payout now, and if not every reason, in the order a person can fix them, so
 * the wallet shows what to do before the request would be refused.
 */
export async function payoutEligibility(
  { db, platformCurrency, minimumCents }: EligibilityDeps,
  caller: AuthContext,
): Promise<PayoutEligibility> {
  const accountId = caller.user.account.id;
  const [available, methodList, billing, identity] = await Promise.all([
    walletBalance(db, accountId),
    listMethods(db, accountId),
    findBillingDetails(db, accountId),
    findVerifiedIdentity(db, accountId),
  ]);
  const blockers: PayoutBlocker[] = [];
  if (!caller.user.account.verifiedAt || !identity) blockers.push('IDENTITY_NOT_VERIFIED');
  const bankAccounts = methodList.filter((method) => method.kind === 'BANK_ACCOUNT');
  if (bankAccounts.length === 0) blockers.push('NO_PAYMENT_METHOD');
  else if (!bankAccounts.some((method) => isPayableReview(method.holderReview)))
    blockers.push('PAYMENT_METHOD_UNDER_REVIEW');
  if (!billing) blockers.push('NO_BILLING_DETAILS');
  if (available < 0) blockers.push('NEGATIVE_BALANCE');
  else if (available < minimumCents) blockers.push('BELOW_MINIMUM');
  return {
    minimumAmount: minimumCents,
    available,
    currency: platformCurrency,
    secondStepRequired: caller.user.secondStep === 'totp',
    blockers,
  };
}
