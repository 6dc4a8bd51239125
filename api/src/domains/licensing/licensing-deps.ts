import type { PlanSettings } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';

export type LicensingServiceDeps = {
  db: Db;
  plans: PlanSettings;
  /** The clock (tests move it). */
  now?: () => Date;
};

/** What each licensing use case is given: the service's dependencies, the clock chosen. */
export type LicensingDeps = Omit<LicensingServiceDeps, 'now'> & { now: () => Date };

/** Today in the clock's terms (YYYY-MM-DD), the day fees are issued and settled on. */
export const todayOf = ({ now }: Pick<LicensingDeps, 'now'>) => now().toISOString().slice(0, 10);
