import type {
  AdminPeriod,
  AdminPeriodDetail,
  PeriodClosePreview,
  RateTableBody,
  RateTablePlan,
} from '@tunehouse/contracts';
import type { AppConfig } from '../../platform/config.js';
import type { Db, Queryable } from '../../platform/db.js';
import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { QUEUES, type Jobs } from '../../platform/jobs.js';
import { type MetricsPort, noMetrics } from '../../platform/metrics.js';
import type { EmitEvent } from '../../platform/webhook-events.js';
import { closableFrom, todayUtc } from './closable-from.js';
import { type CloseDeps, closePeriod, previewClose, startClose } from './close.js';
import type { LicensingPort, SplitsPort } from './ports.js';
import { parseDecimalRate, rateFromPpb } from './decimal-rate.js';
import { parseRateTable, type RateTable, RateTableError } from './rate-table.js';
import { planRateTable } from './rate-table-plan.js';
import { findPeriods, periodReportFiles, upsertRate } from './repository.js';

/** A table that cannot be read: 400 naming its line and column under the body's `csv` field. */
function readTable(csv: string): RateTable {
  try {
    return parseRateTable(csv);
  } catch (error) {
    if (!(error instanceof RateTableError)) throw error;
    throw new ApiError(400, 'VALIDATION_FAILED', `The rate table is not readable: ${error.message}`, [
      { path: ['body', 'csv'], message: error.message },
    ]);
  }
}

export type PeriodsService = ReturnType<typeof createPeriodsService>;

/**
 * The admins' periods: list and read them, enter exchange rates, preview and start a close; `work()` runs the
 * close job, `closeNow(id)` closes an open period at once (demo seed, benchmarks).
 */
export function createPeriodsService({
  db,
  jobs,
  config,
  licensing,
  splits,
  metrics = noMetrics,
  emit,
}: {
  db: Db;
  jobs: Pick<Jobs, 'enqueue' | 'work'>;
  config: Pick<AppConfig, 'platformCurrency' | 'plans' | 'periodClose'>;
  /** Licensing and splits as the close sees them; app.ts hands over the real ones (`createClosingPeriods`). */
  licensing: LicensingPort;
  splits: SplitsPort;
  /** Times each run of the close job (omitted: not timed). */
  metrics?: MetricsPort;
  /** Records each closed period's `statement.ready` events (docs/decisions/0088-webhooks.md). */
  emit?: EmitEvent | undefined;
}) {
  const currency = config.platformCurrency;
  const deps: CloseDeps = {
    licensing,
    splits,
    // An album without a licence is taken as under the standard plan.
    defaultShare: config.plans.terms.STANDARD.share,
    platformCurrency: currency,
    emit,
  };

  const withClosableFrom = (period: Omit<AdminPeriod, 'closableFrom'>): AdminPeriod => ({
    ...period,
    closableFrom: closableFrom(period.month, config.periodClose),
  });
  /** A month that has not ended, or whose grace days have not passed, cannot close yet (finding N9). */
  const tooEarly = (period: AdminPeriod) => period.status === 'OPEN' && todayUtc() < period.closableFrom;

  async function planTable(q: Queryable, { csv, date }: RateTableBody): Promise<RateTablePlan> {
    const table = readTable(csv);
    if (currency !== 'EUR' && !table.currencies.includes(currency))
      throw new ApiError(
        400,
        'VALIDATION_FAILED',
        `The rate table has no ${currency} column: rates into the platform currency cannot be computed from it`,
        [{ path: ['body', 'csv'], message: `line 1: no ${currency} column` }],
      );
    if (date && !table.days.some((day) => day.date === date))
      throw new ApiError(400, 'VALIDATION_FAILED', `The rate table has no line dated ${date}`, [
        { path: ['body', 'date'], message: `the table has no line dated ${date}` },
      ]);
    const open = (await findPeriods(q, currency)).filter((period) => period.status === 'OPEN').reverse();
    return {
      base: currency,
      days: table.days.slice(0, 31).map((day) => day.date),
      periods: planRateTable(table, currency, open, date),
    };
  }

  async function one(periodId: string): Promise<AdminPeriod> {
    const [period] = await findPeriods(db, currency, [periodId]);
    if (!period) throw new ApiError(404, 'NOT_FOUND', 'No such period');
    return withClosableFrom(period);
  }

  return {
    deps,
    list: async (): Promise<{ items: AdminPeriod[] }> => ({
      items: (await findPeriods(db, currency)).map(withClosableFrom),
    }),

    get: async (periodId: string): Promise<AdminPeriodDetail> => ({
      ...(await one(periodId)),
      reportFiles: await periodReportFiles(db, periodId),
    }),

    async setRate(
      periodId: string,
      rateCurrency: string,
      ratePpb: number,
      userId: string,
    ): Promise<AdminPeriod> {
      if (rateCurrency === currency)
        throw new ApiError(
          400,
          'VALIDATION_FAILED',
          `${currency} is the platform currency: it needs no rate`,
          [{ path: ['params', 'currency'], message: 'the platform currency needs no rate' }],
        );
      const result = await withTransaction(db, (tx) =>
        upsertRate(tx, periodId, rateCurrency, rateFromPpb(BigInt(ratePpb)), 'hand', userId),
      );
      if (result === 'MISSING') throw new ApiError(404, 'NOT_FOUND', 'No such period');
      const period = await one(periodId);
      if (result === 'NOT_OPEN')
        throw new ApiError(
          409,
          'CONFLICT',
          `Period ${period.month} is ${period.status.toLowerCase()}: its rates are fixed`,
        );
      return period;
    },

    /** The rates a table would set in each open period; nothing is written. */
    previewRateTable: (body: RateTableBody): Promise<RateTablePlan> => planTable(db, body),

    /**
     * Sets the open periods' rates from a table, as the preview shows them, in one transaction: the open periods
     * are locked first, so a close cannot start between the plan and the writes.
     */
    applyRateTable: (body: RateTableBody, userId: string): Promise<RateTablePlan> =>
      withTransaction(db, async (tx) => {
        await tx.query("SELECT id FROM periods WHERE status = 'OPEN' ORDER BY id FOR UPDATE");
        const plan = await planTable(tx, body);
        for (const period of plan.periods)
          for (const rate of period.rates) {
            const result = await upsertRate(
              tx,
              period.periodId,
              rate.currency,
              parseDecimalRate(rate.rate)!,
              `table ${period.date}`,
              userId,
            );
            if (result !== 'SET') throw new Error(`period ${period.month} changed under its lock: ${result}`);
          }
        return plan;
      }),

    async preview(periodId: string): Promise<PeriodClosePreview> {
      const early = tooEarly(await one(periodId));
      const plan = await previewClose(db, periodId, deps);
      const { totals, cents, lines } = plan.statement;
      const numbers = (t: typeof totals) => ({
        revenue: Number(t.revenue),
        feeCollected: Number(t.feeCollected),
        commission: Number(t.commission),
        credited: Number(t.credited),
        held: Number(t.held),
        unmatched: Number(t.unmatched),
      });
      return {
        periodId,
        currency,
        missingRates: plan.missingRates,
        canClose: plan.status === 'OPEN' && plan.missingRates.length === 0 && !early,
        tracks: plan.tracks,
        beneficiaries: new Set(
          lines
            .filter((line) => line.kind === 'CREDIT' || line.kind === 'HELD')
            .map((line) => line.beneficiaryKey),
        ).size,
        totals: numbers(totals),
        statement: numbers(cents),
      };
    },

    async close(periodId: string, idempotencyKey: string): Promise<AdminPeriod> {
      const period = await one(periodId);
      // Time only moves forward: a period allowed to close now stays allowed, so no lock is needed for this check.
      if (tooEarly(period))
        throw new ApiError(
          409,
          'PERIOD_NOT_ENDED',
          `Period ${period.month} can close from ${period.closableFrom}: the month must end and ` +
            `${config.periodClose.graceDays} days pass for the platforms' reports`,
        );
      await startClose(db, jobs, periodId, idempotencyKey, currency);
      return one(periodId);
    },

    closeNow: (periodId: string) => closePeriod(db, periodId, deps, { allowOpen: true }),

    /** Works the close queue (main.ts). */
    work: () =>
      jobs.work<{ periodId: string }>(QUEUES.periodClose, async ({ periodId }) => {
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        try {
          const outcome = await closePeriod(db, periodId, deps);
          metrics.periodCloseTook(seconds(), outcome === 'CLOSED' ? 'closed' : 'skipped');
        } catch (error) {
          metrics.periodCloseTook(seconds(), 'failed');
          throw error;
        }
      }),
  };
}
