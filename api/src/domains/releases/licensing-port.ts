import type { PlanType } from '@tunehouse/contracts';
import type { Queryable } from '../../platform/db.js';

/**
 * What releases needs from licensing, inside the transaction that publishes or takes down a release. Implemented by
 * `domains/licensing` and handed over in the composition root (app.ts), so that releases does not import licensing
 * (licensing reads releases' albums for its reports: an import both ways would be a cycle).
 */
export interface ReleaseLicensingPort {
  /**
   * Publishing makes the release's licence unless one is in force: the plan chosen (a 400 naming
   * `body.paymentPlan` when it is not offered to the account), else the one suggested.
   */
  licenceOnPublish(
    q: Queryable,
    input: {
      accountId: string;
      albumId: string;
      releaseDate: string | null;
      chosen: PlanType | undefined;
      now: Date;
    },
  ): Promise<{ plan: PlanType }>;
  /**
   * A takedown checks the settlement the client showed against the one due (409 when they differ) and pays it from
   * the owner's wallet.
   */
  settleForTakedown(
    q: Queryable,
    input: { accountId: string; albumId: string; expectedAmountDue: number | undefined; today: string },
  ): Promise<{ amountDue: number }>;
}
