import { z } from 'zod';
import { countSchema, microUnitsSchema, minorUnitsSchema } from './quantities.js';

/**
 * Royalty periods as the admins see them (docs/decisions/0042-ledger-and-periods.md): one per calendar month,
 * OPEN while it takes revenue, CLOSING once its close has started, CLOSED when the close has credited the wallets.
 * Revenue in integer micro-units; what the close moved in the ledger in minor units (cents) of the platform currency.
 */
export const PERIOD_STATUSES = ['OPEN', 'CLOSING', 'CLOSED'] as const;
export const periodStatusSchema = /*#__PURE__*/ z.enum(PERIOD_STATUSES);
export type PeriodStatus = z.infer<typeof periodStatusSchema>;

export const currencyCodeSchema = /*#__PURE__*/ z
  .string()
  .regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR');

/**
 * An exchange rate into the platform currency as integer parts per billion: one unit of the currency is worth
 * ratePpb / 1,000,000,000 units of the platform currency (1.0834 is 1,083,400,000).
 */
export const ratePpbSchema = /*#__PURE__*/ z.number().int().positive().max(1_000_000_000_000_000);

/** A period's revenue in one report currency, in micro-units of that currency; rate null while it is missing. */
export const periodCurrencySchema = /*#__PURE__*/ z.object({
  currency: currencyCodeSchema,
  matched: microUnitsSchema.min(0),
  unmatched: microUnitsSchema.min(0),
  /** Null for the platform currency (no conversion) or while an admin has not entered it. */
  ratePpb: ratePpbSchema.nullable(),
});
export type PeriodCurrency = z.infer<typeof periodCurrencySchema>;

/**
 * What a close allocates, in micro-units of the platform currency: revenue is the matched revenue, and
 * revenue = feeCollected + commission + credited + held exactly. Unmatched revenue is kept apart.
 */
export const periodTotalsSchema = /*#__PURE__*/ z.object({
  revenue: microUnitsSchema.min(0),
  feeCollected: microUnitsSchema.min(0),
  commission: microUnitsSchema.min(0),
  credited: microUnitsSchema.min(0),
  held: microUnitsSchema.min(0),
  unmatched: microUnitsSchema.min(0),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

/** The same parts in cents, as the ledger moved them: rounded once, with largest remainder, so they sum exactly. */
export const periodStatementSchema = /*#__PURE__*/ z.object({
  revenue: minorUnitsSchema.min(0),
  feeCollected: minorUnitsSchema.min(0),
  commission: minorUnitsSchema.min(0),
  credited: minorUnitsSchema.min(0),
  held: minorUnitsSchema.min(0),
  unmatched: minorUnitsSchema.min(0),
});
export type PeriodStatement = z.infer<typeof periodStatementSchema>;

export const adminPeriodSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  status: periodStatusSchema,
  /** The ledger's currency the totals are in. */
  currency: currencyCodeSchema,
  reports: countSchema,
  lines: countSchema,
  unmatchedLines: countSchema,
  streams: countSchema,
  currencies: z.array(periodCurrencySchema),
  /** Report currencies without an exchange rate for this period: the close is refused until they have one. */
  missingRates: z.array(currencyCodeSchema),
  closingAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
  /**
   * The first day (YYYY-MM-DD) a close may start: the day after the month ended plus PERIOD_CLOSE_GRACE_DAYS, since
   * platforms send their reports days after a month ends. Before it a close answers 409 PERIOD_NOT_ENDED.
   */
  closableFrom: z.iso.date(),
  /** Null until the period is closed (the close preview computes them for an open one). */
  totals: periodTotalsSchema.nullable(),
  statement: periodStatementSchema.nullable(),
});
export type AdminPeriod = z.infer<typeof adminPeriodSchema>;

export const adminPeriodListSchema = /*#__PURE__*/ z.object({ items: z.array(adminPeriodSchema) });
export type AdminPeriodList = z.infer<typeof adminPeriodListSchema>;

/** One report file with revenue in the period. */
export const periodReportSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  name: z.string(),
  lines: countSchema,
  unmatchedLines: countSchema,
});

export const adminPeriodDetailSchema = /*#__PURE__*/ adminPeriodSchema.extend({
  reportFiles: z.array(periodReportSchema),
});
export type AdminPeriodDetail = z.infer<typeof adminPeriodDetailSchema>;

/** What closing the period now would do; nothing is written. */
export const periodClosePreviewSchema = /*#__PURE__*/ z.object({
  periodId: z.uuid(),
  currency: currencyCodeSchema,
  missingRates: z.array(currencyCodeSchema),
  /** False while a rate is missing, the period is not open, or its closableFrom day has not come. */
  canClose: z.boolean(),
  tracks: countSchema,
  /** Wallets and held accounts that would be credited. */
  beneficiaries: countSchema,
  totals: periodTotalsSchema,
  statement: periodStatementSchema,
});
export type PeriodClosePreview = z.infer<typeof periodClosePreviewSchema>;

export const periodParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });
export const periodRateParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid(), currency: currencyCodeSchema });
export const periodRateBodySchema = /*#__PURE__*/ z.object({ ratePpb: ratePpbSchema });
