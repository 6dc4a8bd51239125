import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { planName, type ReportingPlan } from '@tunehouse/contracts';
import { Link, QueryState, usePageMeta, useShell } from '@tunehouse/area-kit';
import { Card, Page, Pager } from '@tunehouse/ui';
import { walletQuery } from '../shared/wallet-queries.js';
import { FeeReport } from './fee-report.js';
import { LicenceTable } from './licence-table.js';
import { feeInWords, shareInWords } from './plan-terms.js';
import {
  FEES_PAGE_SIZE,
  allFeesQuery,
  licencesQuery,
  standardPlanQuery,
  type LicenceSort,
} from './reporting-queries.js';

function PlanSummary({ plan, currency }: { plan: ReportingPlan; currency: string }) {
  return (
    <div data-plan={plan.id}>
      <p css={{ margin: '0 0 0.35rem', fontWeight: 700 }}>{planName(plan)} plan</p>
      <p css={{ margin: 0, lineHeight: 1.5 }}>
        {shareInWords(plan)}. {feeInWords(plan, currency)}, paid with the royalties of its streams rather than
        up front. Each licence below keeps the plan it was published on.
      </p>
    </div>
  );
}

/**
 * /wallet/reporting, the product's promised reporting ("licenses per album and distribution fees that relate to
 * streams collected", docs/decisions/0068-reporting-screen-and-plan-choice.md): the plan, the licences (sortable) and every distribution fee with the streams that paid it.
 */
export function ReportingPage() {
  usePageMeta('Reporting');
  const shell = useShell();
  const [sort, setSort] = useState<LicenceSort>({ order_by: 'created_at', order: 'desc' });
  const [feeOffset, setFeeOffset] = useState(0);
  const wallet = useQuery(walletQuery(shell.api));
  const plan = useQuery(standardPlanQuery(shell.api));
  const licences = useQuery(licencesQuery(shell.api, sort));
  const fees = useQuery(allFeesQuery(shell.api, feeOffset));
  const currency = wallet.data?.currency ?? 'EUR';
  return (
    <Page title="Reporting">
      <p css={{ margin: '0 0 1rem' }}>
        <Link to="/wallet">Back to the wallet</Link>
      </p>
      <Card title="Your plan" id="plan">
        <QueryState query={plan} what="the plan">
          {(data) => <PlanSummary plan={data} currency={currency} />}
        </QueryState>
      </Card>
      <Card title="Licences" id="licences">
        <QueryState query={licences} what="the licences">
          {(page) => <LicenceTable licences={page.items} sort={sort} onSort={setSort} />}
        </QueryState>
      </Card>
      <Card title="Distribution fees" id="fees">
        <QueryState query={fees} what="the distribution fees">
          {(page) => (
            <>
              <FeeReport fees={page.items} currency={currency} />
              {(page.nextOffset !== undefined || page.previousOffset !== undefined) && (
                <Pager
                  currentOffset={page.currentOffset}
                  size={FEES_PAGE_SIZE}
                  totalItems={page.totalItems ?? undefined}
                  nextOffset={page.nextOffset ?? undefined}
                  previousOffset={page.previousOffset ?? undefined}
                  onOffset={setFeeOffset}
                  label="Distribution fee pages"
                />
              )}
            </>
          )}
        </QueryState>
      </Card>
    </Page>
  );
}
