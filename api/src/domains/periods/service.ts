import type { AdminPeriod, AdminPeriodDetail, PeriodClosePreview } from '@tunehouse/contracts';
import type { AppConfig } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { QUEUES, type Jobs } from '../../platform/jobs.js';
import { closableFrom, todayUtc } from './closable-from.js';
import { type CloseDeps, closePeriod, previewClose, startClose } from './close.js';
import type { LicensingPort, SplitsPort } from './ports.js';
import { findPeriods, periodReportFiles, upsertRate } from './repository.js';

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
}: {
  db: Db;
  jobs: Pick<Jobs, 'enqueue' | 'work'>;
  config: Pick<AppConfig, 'platformCurrency' | 'plans' | 'periodClose'>;
  /** Licensing and splits as the close sees them; app.ts hands over the real ones (`createClosingPeriods`). */
  licensing: LicensingPort;
  splits: SplitsPort;
}) {
  const currency = config.platformCurrency;
  const deps: CloseDeps = {
    licensing,
    splits,
    // An album without a licence is taken as under the standard plan.
    defaultShare: config.plans.terms.STANDARD.share,
    platformCurrency: currency,
  };

  const withClosableFrom = (period: Omit<AdminPeriod, 'closableFrom'>): AdminPeriod => ({
    ...period,
    closableFrom: closableFrom(period.month, config.periodClose),
  });
  /** A month that has not ended, or whose grace days have not passed, cannot close yet (finding N9). */
  const tooEarly = (period: AdminPeriod) => period.status === 'OPEN' && todayUtc() < period.closableFrom;

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
        upsertRate(tx, periodId, rateCurrency, ratePpb, userId),
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
        await closePeriod(db, periodId, deps);
      }),
  };
}
