import { css } from '@emotion/react';
import type { WalletMutation } from '@tunehouse/contracts';
import { colors, formatDate, tableScroll, tableStyle } from '@tunehouse/ui';
import { MUTATION_TYPE_LABELS, formatMoney } from '../shared/money.js';

const amountStyle = css`
  text-align: right;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** Wallet mutations, newest first: date, type, signed amount and the balance after each. */
export function MutationTable({
  mutations,
  currency,
  label,
}: {
  mutations: readonly WalletMutation[];
  currency: string;
  label: string;
}) {
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label={label}>
      <table css={tableStyle} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col" css={amountStyle}>
              Amount
            </th>
            <th scope="col" css={amountStyle}>
              Balance after
            </th>
          </tr>
        </thead>
        <tbody>
          {mutations.map((mutation) => (
            <tr key={mutation.id}>
              <td css={{ whiteSpace: 'nowrap' }}>{formatDate(mutation.date)}</td>
              <td>{MUTATION_TYPE_LABELS[mutation.type]}</td>
              <td
                css={[
                  amountStyle,
                  css`
                    color: ${mutation.amount < 0 ? colors.danger : colors.ink};
                  `,
                ]}
              >
                {formatMoney(mutation.amount, currency)}
              </td>
              <td css={amountStyle}>{formatMoney(mutation.balanceAfter, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
