import type { PayoutBlocker, PayoutStatus } from '@tunehouse/contracts';
import { colors } from '@tunehouse/ui';

/** What each payout status is called on screen. */
export const PAYOUT_STATUS_NAMES: Readonly<Record<PayoutStatus, string>> = {
  REQUESTED: 'Requested',
  SENT: 'On its way',
  SETTLED: 'Paid',
  FAILED: 'Failed, money returned',
  RETURNED: 'Returned by the bank',
};

/** Why a payout cannot be requested now, and where to fix it. */
export const BLOCKER_TEXT: Readonly<
  Record<PayoutBlocker, { text: string; fix?: { to: string; label: string } }>
> = {
  IDENTITY_NOT_VERIFIED: {
    text: 'Payouts need a verified identity.',
    fix: { to: '/account/verify', label: 'Verify your identity' },
  },
  NO_PAYMENT_METHOD: {
    text: 'Add a bank account to pay out to.',
    fix: { to: '/account/billing', label: 'Add a bank account' },
  },
  NO_BILLING_DETAILS: {
    text: 'Your invoices need your billing details.',
    fix: { to: '/account/billing', label: 'Enter billing details' },
  },
  BELOW_MINIMUM: { text: 'Your available balance is below the minimum payout.' },
  NEGATIVE_BALANCE: {
    text:
      'Your balance is below zero: a platform took back royalties it had paid (a correction). Your next ' +
      'royalties cover it first; payouts open again once the balance is above zero.',
  },
  PAYMENT_METHOD_UNDER_REVIEW: {
    text: 'Your bank account’s holder is not your verified name; an administrator is checking it.',
    fix: { to: '/account/billing', label: 'See your bank accounts' },
  },
};

/** The badge colour of each status. */
export const PAYOUT_STATUS_COLORS: Readonly<Record<PayoutStatus, string>> = {
  REQUESTED: colors.inkSoft,
  SENT: colors.info,
  SETTLED: colors.success,
  FAILED: colors.danger,
  RETURNED: colors.warn,
};
