import type { InvoiceSupplier } from '@tunehouse/contracts';
import { ApiError } from '../../platform/errors.js';
import type { VerifiedIdentity } from '../verifications/index.js';
import type { BankAccountRecord, DeclaredBillingDetails } from '../billing/index.js';

/**
 * The supplier of a payout's self-billing invoice (docs/decisions/0062-verified-supplier-and-names.md): always the account's verified legal name;
 * from the billing details the trading name, the business address and the VAT id as declared. Never a name typed
 * in the billing details.
 */
export function supplierOf(identity: VerifiedIdentity, declared: DeclaredBillingDetails): InvoiceSupplier {
  return {
    legalName: identity.legalName,
    tradingName: declared.tradingName,
    addressLine: declared.addressLine,
    postalCode: declared.postalCode,
    city: declared.city,
    country: declared.country,
    vatId: declared.vatId,
  };
}

/** Payouts go only to bank accounts whose holder matched the verified name or an administrator approved. */
export function refuseUnreviewedMethod(method: BankAccountRecord): void {
  if (method.holderReview === 'PENDING_REVIEW')
    throw new ApiError(
      409,
      'PAYMENT_METHOD_UNDER_REVIEW',
      'This bank account’s holder is not your verified name; an administrator is checking it before payouts go to it',
      [{ path: ['body', 'paymentMethodId'], message: 'Waiting for an administrator’s review' }],
    );
  if (method.holderReview === 'REJECTED')
    throw new ApiError(
      409,
      'PAYMENT_METHOD_REJECTED',
      'Payouts cannot go to this bank account: its holder is not you. Add an account in your own name',
      [{ path: ['body', 'paymentMethodId'], message: 'Rejected after review' }],
    );
}
