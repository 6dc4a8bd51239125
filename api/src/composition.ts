import type { AppConfig } from './platform/config.js';
import type { Db } from './platform/db.js';
import type { Jobs } from './platform/jobs.js';
import type { MetricsPort } from './platform/metrics.js';
import {
  collectFeeFromRoyalties,
  licenceForAlbum,
  licenceOnPublish,
  settleForTakedown,
} from './domains/licensing/index.js';
import { createPeriodsService, type LicensingPort, type SplitsPort } from './domains/periods/index.js';
import type { ReleaseLicensingPort } from './domains/releases/index.js';
import { splitsOfTunehouse } from './domains/splits/index.js';

/**
 * Where one domain's port meets another domain's implementation, beside app.ts and main.ts: a domain that needs
 * another owns the port's type, and only this composition root imports both sides. That keeps the domains free of
 * import cycles (releases ⇄ licensing, periods ⇄ splits), and the seed, the benchmarks and the tests wire the same
 * implementations the API runs with.
 */

/** The close's view of licensing and splits: the album's licence share and fee collection, the split division. */
export const closePortsOfTunehouse: { licensing: LicensingPort; splits: SplitsPort } = {
  licensing: { licenceForAlbum, collectFeeFromRoyalties },
  splits: splitsOfTunehouse,
};

/** The admins' periods with the real close ports. */
export function createClosingPeriods(deps: {
  db: Db;
  jobs: Pick<Jobs, 'enqueue' | 'work'>;
  config: Pick<AppConfig, 'platformCurrency' | 'plans' | 'periodClose'>;
  metrics?: MetricsPort;
}) {
  return createPeriodsService({ ...deps, ...closePortsOfTunehouse });
}

/** Licensing as publishing and takedown see it, with the installation's plan settings. */
export function licensingForReleases(config: Pick<AppConfig, 'plans'>): ReleaseLicensingPort {
  return {
    licenceOnPublish: (q, input) => licenceOnPublish(q, config.plans, input),
    settleForTakedown,
  };
}
