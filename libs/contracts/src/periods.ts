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

/**
 * An exchange rate as an exact decimal (docs/decisions/0080-exchange-rate-tables.md): what the close converts with.
 * A rate loaded from a table keeps 12 significant digits ("0.00620231966756"); one typed in parts per billion is
 * that number exactly.
 */
export const decimalRateSchema = /*#__PURE__*/ z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'a positive decimal such as 0.00620231966756');

/**
 * A period's revenue in one report currency, in micro-units of that currency; rate null while it is missing. Net of
 * corrections (docs/decisions/0078-corrections-and-negative-balances.md): a chargeback larger than the month's
 * revenue in its currency makes it negative.
 */
export const periodCurrencySchema = /*#__PURE__*/ z.object({
  currency: currencyCodeSchema,
  matched: microUnitsSchema,
  unmatched: microUnitsSchema,
  /** Null for the platform currency (no conversion) or while an admin has not entered it. */
  ratePpb: ratePpbSchema.nullable(),
  /** The exact rate the close converts with (ratePpb is it rounded to whole parts per billion). */
  rate: decimalRateSchema.nullable(),
  /** Where the rate came from: "hand", or "table 2026-11-27" when loaded from a rate table; null without one. */
  rateSource: z.string().nullable(),
});
export type PeriodCurrency = z.infer<typeof periodCurrencySchema>;

/**
 * What a close allocates, in micro-units of the platform currency: revenue is the matched revenue, and
 * revenue = feeCollected + commission + credited + held exactly. Unmatched revenue is kept apart. Corrections
 * take back all but the fee (docs/decisions/0078-corrections-and-negative-balances.md), so a month whose
 * corrections exceed its revenue has every other part below zero.
 */
export const periodTotalsSchema = /*#__PURE__*/ z.object({
  revenue: microUnitsSchema,
  feeCollected: microUnitsSchema.min(0),
  commission: microUnitsSchema,
  credited: microUnitsSchema,
  held: microUnitsSchema,
  unmatched: microUnitsSchema,
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

/** The same parts in cents, as the ledger moved them: rounded once, with largest remainder, so they sum exactly. */
export const periodStatementSchema = /*#__PURE__*/ z.object({
  revenue: minorUnitsSchema,
  feeCollected: minorUnitsSchema.min(0),
  commission: minorUnitsSchema,
  credited: minorUnitsSchema,
  held: minorUnitsSchema,
  unmatched: minorUnitsSchema,
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

/** The largest rate table accepted (text in the JSON body): the ECB's full history since 1999 is about 2 MB. */
export const RATE_TABLE_MAX_CHARS = 4_000_000;

/**
 * A published reference-rate table in the European Central Bank's CSV shape (`eurofxref.csv`, or the historical
 * `eurofxref-hist.csv`), and the day to take from it: without `date`, each open period takes the table's latest
 * day on or before its last day.
 */
export const rateTableBodySchema = /*#__PURE__*/ z.object({
  csv: z.string().min(1).max(RATE_TABLE_MAX_CHARS),
  date: z.iso.date().optional(),
});
export type RateTableBody = z.infer<typeof rateTableBodySchema>;

/** One rate a table sets (or would set) in a period, with the rate it replaces. */
export const plannedRateSchema = /*#__PURE__*/ z.object({
  currency: currencyCodeSchema,
  rate: decimalRateSchema,
  ratePpb: ratePpbSchema,
  previousRate: decimalRateSchema.nullable(),
});

/** What a rate table sets in one open period: the table day used (null: none fits, nothing set) and the rates. */
export const periodRatePlanSchema = /*#__PURE__*/ z.object({
  periodId: z.uuid(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  date: z.iso.date().nullable(),
  rates: z.array(plannedRateSchema),
  /** Report currencies of the period the day does not quote: left as they are. */
  missing: z.array(currencyCodeSchema),
});

/** The rates a table sets in every open period, into the platform currency (`base`). */
export const rateTablePlanSchema = /*#__PURE__*/ z.object({
  base: currencyCodeSchema,
  /** The table's days, newest first and at most 31 (the table may hold thousands). */
  days: z.array(z.iso.date()),
  periods: z.array(periodRatePlanSchema),
});
export type RateTablePlan = z.infer<typeof rateTablePlanSchema>;
