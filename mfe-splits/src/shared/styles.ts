import { css } from '@emotion/react';

/** Figures in a table column (shares, money): right-aligned, digits of one width, never wrapped. */
export const figureStyle = css`
  text-align: right;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;
