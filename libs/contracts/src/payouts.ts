import { z } from 'zod';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { currencyCodeSchema } from './periods.js';
import { countryCodeSchema, refuseUnsafeName } from './primitives.js';
import { normalizeVatId, vatIdProblem } from './vat-ids.js';
import { minorUnitsSchema } from './quantities.js';

/**
 * Payouts: money leaving a wallet for a payout method on file (a bank account), each with a self-billing invoice,
 * and the billing details that invoice names. Amounts are cents of the platform currency.
 */

/** Letters and digits only, upper case: how an IBAN is compared and checked whatever spacing it was typed with. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * The ISO 13616 check: the country code and check digits moved to the end, letters turned into numbers (A = 10 …
 * Z = 35), the whole number modulo 97 is 1. Computed piecewise so no number grows beyond a safe integer.
 */
export function ibanChecksumValid(iban: string): boolean {
  const value = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export const ibanSchema = /*#__PURE__*/ z
  .string()
  .transform(normalizeIban)
  .pipe(
    z
      .string()
      .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'Enter an IBAN: two letters, two digits, then the account')
      .refine(ibanChecksumValid, 'This IBAN has a typo: its check digits do not match'),
  );

/** A SWIFT/BIC code: bank (4 letters), country (2), location (2), optional branch (3). */
export const bicSchema = /*#__PURE__*/ z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Enter a BIC of 8 or 11 letters and digits'));

const holderNameSchema = /*#__PURE__*/ z
  .string()
  .trim()
  .min(2, 'Enter the name the account is held in')
  .max(140, 'Use at most 140 characters')
  .superRefine(refuseUnsafeName);

/**
 * Kinds of payment method: a bank account (payouts go to it) or a card (saved through the payment provider's
 * set-up page, for paying in; never a payout target). Every method says which it is.
 */
export const PAYMENT_METHOD_KINDS = ['BANK_ACCOUNT', 'CARD'] as const;
export const paymentMethodKindSchema = /*#__PURE__*/ z.enum(PAYMENT_METHOD_KINDS);
export type PaymentMethodKind = z.infer<typeof paymentMethodKindSchema>;

/**
 * POST /v1/payment-methods: a bank account by IBAN (checked with its mod-97 check digits), or a card — which
 * sends nothing about the card: the card holder types it on the payment provider's own set-up page.
 */
/** The 6-digit code of an authenticator app, asked again before money moves or a payout method is added. */
const authenticatorCodeSchema = /*#__PURE__*/ z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/**
 * A bank account also carries the proof that its owner is at the keyboard: `otp` when the account has an
 * authenticator second step, otherwise the account's `password` (403 REAUTHENTICATION_REQUIRED without it).
 */
export const newPaymentMethodSchema = /*#__PURE__*/ z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('BANK_ACCOUNT'),
      holderName: holderNameSchema,
      iban: ibanSchema,
      bic: bicSchema.optional(),
      country: countryCodeSchema,
      password: z.string().min(1, 'Enter your password').max(1024).optional(),
      otp: authenticatorCodeSchema.optional(),
    })
    // An IBAN starts with its bank's country (review item I-d): a NL IBAN is not a German account.
    .superRefine((account, context) => {
      if (!account.iban.startsWith(account.country))
        context.addIssue({
          code: 'custom',
          path: ['iban'],
          message: `This IBAN is of ${account.iban.slice(0, 2)}, not of the country chosen (${account.country})`,
        });
    }),
  // Strict: a card number (or anything else about the card) sent here is refused, never quietly dropped.
  z.strictObject({ kind: z.literal('CARD') }),
]);
export type NewPaymentMethod = z.input<typeof newPaymentMethodSchema>;
export type NewPaymentMethodData = z.output<typeof newPaymentMethodSchema>;
export type NewBankAccountData = Extract<NewPaymentMethodData, { kind: 'BANK_ACCOUNT' }>;

/**
 * Whether payouts may go to a bank account, by its holder's name (docs/decisions/0062-verified-supplier-and-names.md): MATCHED the account's
 * verified legal name when it was added, or it did not and waits for an administrator (PENDING_REVIEW), who
 * APPROVED or REJECTED it. Payouts go to MATCHED and APPROVED accounts only.
 */
export const HOLDER_REVIEWS = ['MATCHED', 'PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const;
export const holderReviewSchema = /*#__PURE__*/ z.enum(HOLDER_REVIEWS);
export type HolderReview = z.infer<typeof holderReviewSchema>;
export const isPayableReview = (review: HolderReview) => review === 'MATCHED' || review === 'APPROVED';

/** A bank account on file. Only the last four characters of the account number are ever kept or shown. */
export const bankAccountMethodSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  kind: z.literal('BANK_ACCOUNT'),
  holderName: z.string(),
  /** The IBAN's country code and its last four characters, the rest masked: `NL•• •••• 4300`. */
  maskedIban: z.string(),
  last4: z.string().length(4),
  bic: z.string().nullable(),
  country: countryCodeSchema,
  /** Whether its holder is the account's verified name, or what an administrator decided. */
  holderReview: holderReviewSchema,
  createdAt: z.iso.datetime({ offset: true }),
  /**
   * A newly added account takes payouts only from this time (PAYOUT_METHOD_HOLD_HOURS after it was added); null
   * when payouts can go to it now.
   */
  heldUntil: z.iso.datetime({ offset: true }).nullable(),
});
export type BankAccountMethod = z.infer<typeof bankAccountMethodSchema>;

/** A saved card: its brand, last four digits and expiry, as the provider reported them — never its number. */
export const cardMethodSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  kind: z.literal('CARD'),
  /** The provider's brand name, lower case: `visa`, `mastercard`, `amex`… */
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CardMethod = z.infer<typeof cardMethodSchema>;

export const paymentMethodSchema = /*#__PURE__*/ z.discriminatedUnion('kind', [
  bankAccountMethodSchema,
  cardMethodSchema,
]);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const isBankAccount = (method: PaymentMethod): method is BankAccountMethod =>
  method.kind === 'BANK_ACCOUNT';
export const isCard = (method: PaymentMethod): method is CardMethod => method.kind === 'CARD';
export const paymentMethodListSchema = /*#__PURE__*/ z.object({ items: z.array(paymentMethodSchema) });
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;
export const paymentMethodParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });

const billingText = (min: number, max: number, required: string) =>
  z
    .string()
    .trim()
    .min(min, required)
    .max(max, `Use at most ${max} characters`)
    .superRefine(refuseUnsafeName);

/**
 * PUT /v1/billing-details: what the account adds to its verified identity on its self-billing invoices
 * (docs/decisions/0062-verified-supplier-and-names.md). The supplier's legal name is always the name of the approved identity verification, never
 * typed here: `legalName` is still accepted from older clients but must be that name (closely, as a bank
 * account's holder is compared). A trading name is printed "trading as …"; the address is the business address
 * printed on the invoice; a VAT id must have the format of the address's country and is printed as declared.
 */
export const billingDetailsInputSchema = /*#__PURE__*/ z
  .object({
    legalName: billingText(2, 200, 'Enter the legal name').optional(),
    /** A name the person trades under (a band, a label, a one-person business); blank for none. */
    tradingName: z
      .string()
      .trim()
      .max(200, 'Use at most 200 characters')
      .superRefine(refuseUnsafeName)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    addressLine: billingText(3, 200, 'Enter the street address'),
    postalCode: z.string().trim().max(20, 'Use at most 20 characters').superRefine(refuseUnsafeName),
    city: billingText(1, 100, 'Enter the city'),
    country: countryCodeSchema,
    /** A VAT or tax id, when the person or company has one. */
    vatId: z
      .string()
      .trim()
      .max(24, 'Use at most 20 characters')
      .regex(/^[A-Za-z0-9 .-]*$/, 'Use only letters, digits, spaces, dots and hyphens')
      .transform((value) => (value === '' ? null : normalizeVatId(value)))
      .nullable()
      .optional(),
  })
  .superRefine((details, context) => {
    if (!details.vatId) return;
    const problem = vatIdProblem(details.vatId, details.country);
    if (problem) context.addIssue({ code: 'custom', path: ['vatId'], message: problem });
  });
export type BillingDetailsInput = z.input<typeof billingDetailsInputSchema>;
export type BillingDetailsData = z.output<typeof billingDetailsInputSchema>;

/**
 * The billing details as stored and answered. `legalName` is the account's verified legal name (null until an
 * identity verification is approved): read-only, the invoices' supplier.
 */
export const billingDetailsSchema = /*#__PURE__*/ z.object({
  legalName: z.string().nullable(),
  tradingName: z.string().nullable(),
  addressLine: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: countryCodeSchema,
  vatId: z.string().nullable(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;
/** GET /v1/billing-details: null until the account has entered them. */
export const billingDetailsAnswerSchema = /*#__PURE__*/ z.object({
  billingDetails: billingDetailsSchema.nullable(),
  /** The legal name invoices are made out in: the approved identity verification's (null until there is one). */
  verifiedName: z.string().nullable().default(null),
});
export type BillingDetailsAnswer = z.infer<typeof billingDetailsAnswerSchema>;

/**
 * REQUESTED (the wallet is debited, the provider not yet told), SENT (the provider has it), SETTLED (the money
 * arrived), FAILED (the provider refused it: the money is back in the wallet) and RETURNED (the bank sent it back:
 * back in the wallet too).
 */
export const PAYOUT_STATUSES = ['REQUESTED', 'SENT', 'SETTLED', 'FAILED', 'RETURNED'] as const;
export const payoutStatusSchema = /*#__PURE__*/ z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

const timestamp = /*#__PURE__*/ z.iso.datetime({ offset: true });

export const payoutSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  amount: minorUnitsSchema.min(1),
  currency: currencyCodeSchema,
  status: payoutStatusSchema,
  paymentMethod: z.object({ id: z.uuid(), kind: paymentMethodKindSchema, maskedIban: z.string() }),
  /** The self-billing invoice made out for this payout. */
  invoiceId: z.uuid(),
  /** Why it failed or came back, in words the provider gave; null otherwise. */
  failureReason: z.string().nullable(),
  requestedAt: timestamp,
  sentAt: timestamp.nullable(),
  settledAt: timestamp.nullable(),
  /** When it failed or came back. */
  reversedAt: timestamp.nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutPageSchema = /*#__PURE__*/ paginatedSchema(payoutSchema);
export type PayoutPage = z.infer<typeof payoutPageSchema>;
export const payoutParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });

/** GET /v2/payouts: the page window and an optional status, newest first. */
export const payoutQuerySchema = /*#__PURE__*/ pageQuerySchema.extend({
  status: payoutStatusSchema.optional(),
});
export type PayoutQuery = z.infer<typeof payoutQuerySchema>;

/** POST /v1/payouts. `otp` is the authenticator code, needed when the account has a second step. */
export const payoutRequestSchema = /*#__PURE__*/ z.object({
  amount: minorUnitsSchema.min(1),
  paymentMethodId: z.uuid(),
  otp: authenticatorCodeSchema.optional(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

/**
 * What stands between the account and a payout, so the wallet can say why before anyone asks: the minimum, the
 * available balance and each requirement. `blockers` is empty when a payout can be requested.
 */
export const PAYOUT_BLOCKERS = [
  'IDENTITY_NOT_VERIFIED',
  'NO_PAYMENT_METHOD',
  'NO_BILLING_DETAILS',
  'BELOW_MINIMUM',
  /** Bank accounts are on file, but none whose holder matched the verified name or was approved. */
  'PAYMENT_METHOD_UNDER_REVIEW',
  /** The wallet is below zero: corrections took back more than it held (decision 0078). */
  'NEGATIVE_BALANCE',
] as const;
export const payoutBlockerSchema = /*#__PURE__*/ z.enum(PAYOUT_BLOCKERS);
export type PayoutBlocker = z.infer<typeof payoutBlockerSchema>;
export const payoutEligibilitySchema = /*#__PURE__*/ z.object({
  minimumAmount: minorUnitsSchema.min(0),
  /** Below zero only through corrections (docs/decisions/0078-corrections-and-negative-balances.md). */
  available: minorUnitsSchema,
  currency: currencyCodeSchema,
  secondStepRequired: z.boolean(),
  blockers: z.array(payoutBlockerSchema),
});
export type PayoutEligibility = z.infer<typeof payoutEligibilitySchema>;

/** What the payout simulator can be told to do with a payout it holds: fail it, or settle it and take it back. */
export const simulatedPayoutOutcomeSchema = /*#__PURE__*/ z.object({ outcome: z.enum(['FAIL', 'RETURN']) });
export type SimulatedPayoutOutcome = z.infer<typeof simulatedPayoutOutcomeSchema>;

/**
 * The supplier of a self-billing invoice, copied into it at the request: the account's verified legal name (never
 * typed), its trading name and business address, and its VAT id as declared. Invoices issued before decision 0062
 * have no trading name.
 */
export const invoiceSupplierSchema = /*#__PURE__*/ z.object({
  legalName: z.string(),
  tradingName: z.string().nullable().default(null),
  addressLine: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: countryCodeSchema,
  vatId: z.string().nullable(),
});
export type InvoiceSupplier = z.output<typeof invoiceSupplierSchema>;

/** A self-billing invoice line: what was paid for, in cents. */
export const invoiceLineSchema = /*#__PURE__*/ z.object({
  description: z.string(),
  amount: minorUnitsSchema,
});

/**
 * A self-billing invoice: the platform makes it out on the artist's behalf for each payout. `number` is gapless
 * within its year (`2026-000001`); a payout that failed or came back cancels its invoice but keeps the number.
 */
export const invoiceSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  number: z.string(),
  payoutId: z.uuid(),
  issuedAt: timestamp,
  currency: currencyCodeSchema,
  /** The artist (the supplier): the verified legal name and the billing details as they read at the request. */
  supplier: invoiceSupplierSchema,
  /** The operator of this installation (the customer, who issues it): OPERATOR_LEGAL_NAME and the rest. */
  customer: z.object({
    name: z.string(),
    addressLines: z.array(z.string()),
    vatId: z.string().nullable().default(null),
  }),
  lines: z.array(invoiceLineSchema),
  total: minorUnitsSchema,
  /** How VAT is treated, in words printed on the invoice. */
  vatNote: z.string(),
  cancelledAt: timestamp.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });

/** One bank account in the administrators' holder review (docs/decisions/0062-verified-supplier-and-names.md). */
export const adminHolderReviewItemSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  account: z.object({ id: z.string(), email: z.string() }),
  /** The holder as the account typed it. */
  holderName: z.string(),
  /** The account's verified legal name, what the holder is compared with (null when no longer verified). */
  verifiedName: z.string().nullable(),
  maskedIban: z.string(),
  country: countryCodeSchema,
  holderReview: holderReviewSchema,
  createdAt: timestamp,
  /** When an administrator approved or rejected it. */
  reviewedAt: timestamp.nullable(),
});
export type AdminHolderReviewItem = z.infer<typeof adminHolderReviewItemSchema>;
export const adminHolderReviewPageSchema = /*#__PURE__*/ paginatedSchema(adminHolderReviewItemSchema);
export type AdminHolderReviewPage = z.infer<typeof adminHolderReviewPageSchema>;
/** GET /v1/admin/payment-methods: the page window and the review state (PENDING_REVIEW unless asked), oldest first. */
export const adminHolderReviewQuerySchema = /*#__PURE__*/ pageQuerySchema.extend({
  status: holderReviewSchema.default('PENDING_REVIEW'),
});
export type AdminHolderReviewQuery = z.infer<typeof adminHolderReviewQuerySchema>;
export const adminHolderReviewParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });
