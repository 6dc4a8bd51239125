import type { AppConfig } from '../platform/config.js';
import type { Db } from '../platform/db.js';
import { closePortsOfTunehouse } from '../composition.js';
import { closePeriod } from '../domains/periods/index.js';

/**
 * The demo's money (docs/decisions/0043-plans-and-fees.md): every open period before this month is closed, oldest
 * first, by the close an admin would run — each release's fee collected from its royalties first, the plan's
 * commission, the rest credited to Mara's wallet (or divided by her splits) — so her statements, fees and balance exist from the first start.
 * The demo's revenue is in the platform currency: no exchange rate is needed. Each close is booked at noon UTC of
 * its month's last day, as if an admin had closed the month then: its transfers, fee collections and a fee it
 * settled carry that date rather than the seed's run time (docs/decisions/0069-demo-truth-and-wallet-errors.md).
 * Answers the periods it closed.
 */
export async function seedDemoMoney(
  db: Db,
  settings: Pick<AppConfig, 'plans' | 'platformCurrency'>,
): Promise<number> {
  const { rows } = await db.query<{ id: string; last_day: string }>(
    `SELECT id, (month + interval '1 month' - interval '1 day')::date::text AS last_day
       FROM periods WHERE status = 'OPEN' AND month < date_trunc('month', now())::date ORDER BY month`,
  );
  const deps = {
    ...closePortsOfTunehouse,
    defaultShare: settings.plans.terms.STANDARD.share,
    platformCurrency: settings.platformCurrency,
  };
  let closed = 0;
  for (const period of rows) {
    const bookedAt = demoCloseTime(period.last_day);
    if ((await closePeriod(db, period.id, { ...deps, bookedAt }, { allowOpen: true })) === 'CLOSED')
      closed += 1;
  }
  return closed;
}

/** When the demo closes a month: noon UTC of its last day (YYYY-MM-DD), the same calendar day in every zone. */
export const demoCloseTime = (lastDay: string): Date => new Date(`${lastDay}T12:00:00Z`);
