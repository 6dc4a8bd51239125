import { css } from '@emotion/react';
import type { AdminPeriod } from '@tunehouse/contracts';
import { colors } from '@tunehouse/ui';

/** Amounts and counts: right-aligned, figures of one width, never wrapped mid-amount. */
export const numeric = css`
  text-align: right;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

export const STATUS_COLORS: Record<AdminPeriod['status'], string> = {
  OPEN: colors.info,
  CLOSING: colors.warn,
  CLOSED: colors.success,
};
