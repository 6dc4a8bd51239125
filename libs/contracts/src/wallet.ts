import { z } from 'zod';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { currencyCodeSchema } from './periods.js';
import { countSchema, microUnitsSchema, minorUnitsSchema } from './quantities.js';
import { calendarDateSchema } from './requests/common.js';

const centsSchema = /*#__PURE__*/ minorUnitsSchema.min(0);

/**
 * Money of the account that is on its way but cannot be paid out yet, in cents of the platform currency: split
 * income waiting for the participant to accept the split, and payouts sent to the provider but not yet settled.
 */
export const walletHeldSchema = /*#__PURE__*/ z.object({
  splitsPendingAcceptance: centsSchema,
  payoutsInFlight: centsSchema,
});
export type WalletHeld = z.infer<typeof walletHeldSchema>;

/** The latest period whose close has credited the wallets; null before the first close. */
export const walletPeriodRefSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
});
export type WalletPeriodRef = z.infer<typeof walletPeriodRefSchema>;

/** The signed-in account's wallet. Every amount is in cents of `currency`, the platform currency. */
export const walletSchema = /*#__PURE__*/ z.object({
  /**
   * The wallet's ledger balance: what can be paid out or spent on fees. Below zero only when corrections took back
   * more than it held; the next royalties cover that first (docs/decisions/0078-corrections-and-negative-balances.md).
   */
  available: minorUnitsSchema,
  held: walletHeldSchema,
  currency: currencyCodeSchema,
  lastClosedPeriod: walletPeriodRefSchema.nullable(),
  /** Everything period closes have ever credited to this wallet (payouts and fees paid do not lower it). */
  lifetimeEarnings: centsSchema,
});
export type Wallet = z.infer<typeof walletSchema>;

/**
 * What a wallet mutation was, in plain terms: ROYALTIES (a period close crediting the owner's share), SPLIT_INCOME
 * (a split's share of someone else's royalties), FEE_SETTLEMENT (a distribution fee paid from the wallet),
 * TAKEDOWN_SETTLEMENT (what a takedown before the fee was collected cost), PAYOUT (money sent out),
 * PAYOUT_RETURNED (a failed or returned payout coming back), CARD_PAYMENT (money paid in by card, e.g. for a
 * takedown) and ADJUSTMENT (anything else the platform booked).
 */
export const WALLET_MUTATION_TYPES = [
  'ROYALTIES',
  'SPLIT_INCOME',
  'FEE_SETTLEMENT',
  'TAKEDOWN_SETTLEMENT',
  'PAYOUT',
  'PAYOUT_RETURNED',
  'CARD_PAYMENT',
  'ADJUSTMENT',
] as const;
export const walletMutationTypeSchema = /*#__PURE__*/ z.enum(WALLET_MUTATION_TYPES);
export type WalletMutationType = z.infer<typeof walletMutationTypeSchema>;

/** What each mutation type is called on screen and in the CSV export. */
export const WALLET_MUTATION_TYPE_NAMES: Readonly<Record<WalletMutationType, string>> = {
  ROYALTIES: 'Royalties',
  SPLIT_INCOME: 'Split income',
  FEE_SETTLEMENT: 'Fee settlement',
  TAKEDOWN_SETTLEMENT: 'Takedown settlement',
  PAYOUT: 'Payout',
  PAYOUT_RETURNED: 'Payout returned',
  CARD_PAYMENT: 'Card payment',
  ADJUSTMENT: 'Adjustment',
};

/** One movement of the wallet, as the ledger booked it. */
export const walletMutationSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  type: walletMutationTypeSchema,
  /** Cents: positive into the wallet, negative out of it. */
  amount: minorUnitsSchema,
  /** The wallet's balance in cents right after this mutation (below zero only after a correction). */
  balanceAfter: minorUnitsSchema,
  /** When the ledger booked it (ISO 8601). */
  date: z.iso.datetime({ offset: true }),
  periodId: z.uuid().nullable(),
  /** The month of that period (`YYYY-MM`), so a statement can be named without another call. */
  periodMonth: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
  albumId: z.uuid().nullable(),
  payoutId: z.uuid().nullable(),
  splitId: z.uuid().nullable(),
});
export type WalletMutation = z.infer<typeof walletMutationSchema>;

export const walletMutationPageSchema = /*#__PURE__*/ paginatedSchema(walletMutationSchema);
export type WalletMutationPage = z.infer<typeof walletMutationPageSchema>;

/** The filters of the mutation list and its export: `type`, and `from`/`to` (calendar days in UTC, both included). */
const walletMutationFilterFields = {
  type: walletMutationTypeSchema.optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
};
const fromNotAfterTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const backwardsRange = { message: '`from` must not be after `to`', path: ['from'] };

/** GET /v2/wallet/mutations: the page window and the filters. */
export const walletMutationQuerySchema = /*#__PURE__*/ pageQuerySchema
  .extend(walletMutationFilterFields)
  .refine(fromNotAfterTo, backwardsRange);
export type WalletMutationQuery = z.infer<typeof walletMutationQuerySchema>;

/** GET /v2/wallet/mutations/export: the same filters, every page. */
export const walletMutationFilterSchema = /*#__PURE__*/ z
  .object(walletMutationFilterFields)
  .refine(fromNotAfterTo, backwardsRange);
export type WalletMutationFilter = z.infer<typeof walletMutationFilterSchema>;

/** How a period statement groups its rows. */
export const STATEMENT_BUCKETS = ['platform', 'territory', 'track', 'release'] as const;
export const statementBucketSchema = /*#__PURE__*/ z.enum(STATEMENT_BUCKETS);
export type StatementBucket = z.infer<typeof statementBucketSchema>;

/** GET /v1/wallet/periods/:id: `bucket` (default track). */
export const walletStatementQuerySchema = /*#__PURE__*/ z.object({
  bucket: statementBucketSchema.default('track'),
});
export type WalletStatementQuery = z.infer<typeof walletStatementQuerySchema>;

/**
 * What one statement row (or the totals) amounts to: streams, revenue and the fee and commission taken from it, and
 * the royalty splits' parts out and in, in micro-units of the platform currency; `credited`, the cents that reached
 * the wallet. For the account's own tracks, revenue = fee + commission + split out + credited (before rounding).
 * A correction row's amounts are ≤ 0 (what a platform took back), and totals include them
 * (docs/decisions/0078-corrections-and-negative-balances.md).
 */
export const statementAmountsSchema = /*#__PURE__*/ z.object({
  streams: countSchema,
  revenue: microUnitsSchema,
  feeCollected: microUnitsSchema.min(0),
  commission: microUnitsSchema,
  /** Of the account's own tracks, the owner share its royalty splits gave others (credited or held for them). */
  splitOut: microUnitsSchema,
  /** What royalty splits of other people's releases credited this account. */
  splitIn: microUnitsSchema,
  credited: minorUnitsSchema,
});
export type StatementAmounts = z.infer<typeof statementAmountsSchema>;

/**
 * One row: `key` is the platform, territory (null when the report had none), track id or album id; `label` names
 * it as people read it (the track's or release's title, the platform's display name, the country's English name);
 * `releaseTitle` is the release of a track row, null in the other buckets.
 */
export const statementRowSchema = /*#__PURE__*/ statementAmountsSchema.extend({
  key: z.string().nullable(),
  label: z.string(),
  releaseTitle: z.string().nullable(),
  /** A correction row: what platforms took back for this key (its amounts are ≤ 0). */
  correction: z.boolean().default(false),
  /**
   * An adjustment row: the closed month (YYYY-MM) a platform restated, and this period booked the difference for
   * (positive, or a correction when negative): docs/decisions/0079-restated-months.md. Null on the period's own rows.
   */
  adjusts: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .nullable()
    .default(null),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

/**
 * The revenue of the account's own tracks in one report currency (docs/decisions/0080-exchange-rate-tables.md):
 * `sourceRevenue` in micro-units of that currency (yen and dinars alike: micro-units of the major unit), `rate` the
 * exact decimal the close converted with (null for the platform currency), `revenue` in micro-units of the platform
 * currency. The rows' revenue sums to the statement's `totals.revenue` exactly.
 */
export const statementCurrencySchema = /*#__PURE__*/ z.object({
  currency: currencyCodeSchema,
  sourceRevenue: z.number().int(),
  rate: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .nullable(),
  revenue: z.number().int(),
});
export type StatementCurrency = z.infer<typeof statementCurrencySchema>;

/** The account's statement of one closed period; `totals` is the exact sum of `rows`. */
export const walletStatementSchema = /*#__PURE__*/ z.object({
  period: walletPeriodRefSchema,
  bucket: statementBucketSchema,
  currency: currencyCodeSchema,
  rows: z.array(statementRowSchema),
  totals: statementAmountsSchema,
  /** The correction rows' own total (zero without corrections); `totals` includes it. */
  corrections: statementAmountsSchema,
  /** The revenue by report currency, with the rate used: sums to `totals.revenue`. */
  currencies: z.array(statementCurrencySchema).default([]),
});
export type WalletStatement = z.infer<typeof walletStatementSchema>;

/** The file formats a statement exports to. */
export const STATEMENT_EXPORT_FORMATS = ['csv', 'pdf'] as const;
export const statementExportFormatSchema = /*#__PURE__*/ z.enum(STATEMENT_EXPORT_FORMATS);
export type StatementExportFormat = z.infer<typeof statementExportFormatSchema>;

/** GET /v1/wallet/periods/:id/export: the bucket (default track) and the format. */
export const walletStatementExportQuerySchema = /*#__PURE__*/ walletStatementQuerySchema.extend({
  format: statementExportFormatSchema,
});
export type WalletStatementExportQuery = z.infer<typeof walletStatementExportQuerySchema>;

/** The name a statement export is saved under: `statement-2026-10-by-track.csv`. */
export function statementFileName(
  month: string,
  bucket: StatementBucket,
  format: StatementExportFormat,
): string {
  return `statement-${month}-by-${bucket}.${format}`;
}

/** The name the mutations export is saved under, saying which days and type it holds. */
export function mutationsFileName(filter: WalletMutationFilter): string {
  const parts = ['wallet-mutations'];
  if (filter.type) parts.push(filter.type.toLowerCase().replaceAll('_', '-'));
  if (filter.from) parts.push(`from-${filter.from}`);
  if (filter.to) parts.push(`to-${filter.to}`);
  return `${parts.join('-')}.csv`;
}

/**
 * What one closed period credited the wallet: the statement's `credited` and `streams` totals of that month. Below
 * zero when that month's corrections took back more than it credited (docs/decisions/0078-corrections-and-negative-balances.md).
 */
export const walletEarningsMonthSchema = /*#__PURE__*/ z.object({
  period: walletPeriodRefSchema,
  credited: minorUnitsSchema,
  streams: countSchema,
});
export type WalletEarningsMonth = z.infer<typeof walletEarningsMonthSchema>;

/** GET /v1/wallet/earnings: the last closed periods (at most 12), oldest first, months without earnings included. */
export const walletEarningsSchema = /*#__PURE__*/ z.object({
  currency: currencyCodeSchema,
  months: z.array(walletEarningsMonthSchema).max(12),
});
export type WalletEarnings = z.infer<typeof walletEarningsSchema>;
