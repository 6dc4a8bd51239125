import type { Split } from '@tunehouse/contracts';
import { ShellLink, useMoney } from '@tunehouse/area-kit';
import { formatMonth, tableScroll, tableStyle } from '@tunehouse/ui';
import { participantName } from '../shared/participants.js';
import { figureStyle } from '../shared/styles.js';

/**
 * What the split gave each participant in each closed month (credited to them or held for them), newest month
 * first; each month links to the viewer's own statement of it.
 */
export function EarningsByMonth({ split }: { split: Split }) {
  const money = useMoney();
  if (split.earningsByPeriod.length === 0)
    return <p>No closed month has paid anything through this split yet.</p>;
  const months = [...new Map(split.earningsByPeriod.map((entry) => [entry.periodId, entry.month])).entries()];
  const people = split.participants.filter((participant) =>
    split.earningsByPeriod.some((entry) => entry.participantId === participant.id),
  );
  const amountOf = (periodId: string, participantId: string) =>
    split.earningsByPeriod.find(
      (entry) => entry.periodId === periodId && entry.participantId === participantId,
    )?.amount ?? 0;
  const label = `Earnings per month of the split of ${split.album.title}`;
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label={label}>
      <table css={tableStyle} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {people.map((participant) => (
              <th key={participant.id} scope="col" css={figureStyle}>
                {participantName(participant)}
                {participant.isViewer && ' (you)'}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map(([periodId, month]) => (
            <tr key={periodId}>
              <th scope="row">
                <ShellLink to={`/wallet/periods/${periodId}?bucket=release`}>{formatMonth(month)}</ShellLink>
              </th>
              {people.map((participant) => (
                <td key={participant.id} css={figureStyle}>
                  {money(amountOf(periodId, participant.id))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
